import {
  BB_BAIXA_OPERACIONAL,
  BB_CANAL_LIQUIDACAO,
  addBusinessDays,
  bbDate,
  bbMoney,
  dayInSaoPaulo,
  type BbBaixaOperacionalWire,
  type BbCanal,
  type IsoDate,
} from '@bg/domain';
import { webhookUrlFor } from '../sandbox-options.js';
import { deliverWebhook, type WebhookDelivery } from '../webhook-delivery.js';
import type { BbSandboxContext } from './bb-context.js';
import type { BbTituloSandbox } from './bb-titulo.js';
import { valorDevido } from './bb-valor-devido.js';

export type PagarInput = { valorPagoCents?: number; canal?: BbCanal; data?: IsoDate; liquidar?: boolean };

const horaSaoPaulo = (now: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(now);

/** One payment of the "baixa operacional" webhook, as BB sends it. */
export function baixaOperacionalWire(t: BbTituloSandbox, codigo: 1 | 2 | 10): BbBaixaOperacionalWire {
  const p = t.pagamento;
  if (!p) throw new Error(`Boleto ${t.numero} sem pagamento`);
  const [y, m, d] = p.data.split('-');
  return {
    id: t.numero,
    dataRegistro: bbDate(t.dataRegistro),
    dataVencimento: bbDate(t.dataVencimento),
    valorOriginal: bbMoney(t.valorOriginalCents),
    valorPagoSacado: bbMoney(p.valorPagoCents),
    numeroConvenio: t.numeroConvenio,
    numeroOperacao: p.numeroOperacao,
    carteiraConvenio: t.carteira,
    variacaoCarteiraConvenio: t.variacao,
    codigoEstadoBaixaOperacional: codigo,
    dataLiquidacao: `${d}/${m}/${y} ${p.hora}`,
    instituicaoLiquidacao: '001',
    canalLiquidacao: BB_CANAL_LIQUIDACAO[p.canal],
    codigoModalidadeBoleto: t.codigoModalidade,
    tipoPessoaPortador: t.pagador.tipoInscricao,
    identidadePortador: Number(t.pagador.numeroInscricao),
    nomePortador: t.pagador.nome,
    formaPagamento: p.formaPagamento,
  };
}

/** Sends the webhook in the background (retries included) and records the delivery on the boleto. */
export function announce(ctx: BbSandboxContext, t: BbTituloSandbox, evento: string, corpo: unknown): WebhookDelivery | null {
  const url = webhookUrlFor(ctx.options, String(t.numeroConvenio).padStart(7, '0'));
  if (!url) return null;
  const delivery: WebhookDelivery = { evento, url, corpo, tentativas: [], entregue: false };
  t.webhooks.push(delivery);
  void deliverWebhook(delivery, ctx.options.webhookRetryDelaysMs, () => ctx.closed.value, () => ctx.store.changed());
  return delivery;
}

/**
 * Pays a boleto as BB's homologação payment simulation does: the boleto is LIQUIDADO (or "em
 * liquidação" until /liquidar, with liquidar: false), the payment shows in the detail and the
 * listing, and the baixa operacional webhook goes to the convênio's URL.
 */
export function pagar(ctx: BbSandboxContext, t: BbTituloSandbox, input: PagarInput): BbBaixaOperacionalWire {
  const now = ctx.options.now();
  const data = input.data ?? dayInSaoPaulo(now);
  const devido = valorDevido(t, data);
  const canal = input.canal ?? 'PIX';
  t.pagamento = {
    valorPagoCents: input.valorPagoCents ?? devido.totalCents,
    jurosCents: devido.jurosCents,
    multaCents: devido.multaCents,
    canal,
    // First digit of the detail's codigoCanalPagamento: 1 espécie at a branch, 2 débito em conta elsewhere.
    formaPagamento: canal === 'AGENCIA' ? 1 : 2,
    data,
    hora: horaSaoPaulo(now),
    dataCredito: addBusinessDays(data, 1),
    numeroOperacao: ctx.store.nextNumeroOperacao(),
  };
  t.codigoEstado = input.liquidar === false ? 14 : 6;
  t.dataMovimento = data;
  ctx.store.baixas.push({ numero: t.numero, codigo: BB_BAIXA_OPERACIONAL.PAGO_NO_BB, data, hora: t.pagamento.hora, canal, valorCents: t.pagamento.valorPagoCents });
  const wire = baixaOperacionalWire(t, BB_BAIXA_OPERACIONAL.PAGO_NO_BB);
  announce(ctx, t, 'baixa-operacional', [wire]);
  ctx.store.changed();
  return wire;
}

/** A baixa operacional undone (code 10): the boleto is open again. */
export function cancelarPagamento(ctx: BbSandboxContext, t: BbTituloSandbox): BbBaixaOperacionalWire {
  const wire = baixaOperacionalWire(t, BB_BAIXA_OPERACIONAL.CANCELAMENTO);
  const p = t.pagamento;
  if (p) ctx.store.baixas.push({ numero: t.numero, codigo: BB_BAIXA_OPERACIONAL.CANCELAMENTO, data: p.data, hora: p.hora, canal: p.canal, valorCents: p.valorPagoCents });
  t.pagamento = null;
  t.codigoEstado = 1;
  t.dataMovimento = dayInSaoPaulo(ctx.options.now());
  announce(ctx, t, 'cancelamento-baixa-operacional', [wire]);
  ctx.store.changed();
  return wire;
}
