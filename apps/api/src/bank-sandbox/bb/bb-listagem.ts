import { dayInSaoPaulo, parseBbDate, type IsoDate } from '@bg/domain';
import type { BbSandboxContext } from './bb-context.js';
import type { BbAnswer } from './bb-fault-step.js';
import { BB_SANDBOX_ERRO, bbErrorBody } from './bb-sandbox-errors.js';
import { bbListagemItemJson, type BbTituloSandbox } from './bb-titulo.js';

/** indicadorSituacao A ("em ser"): registered and not yet settled, written off or protested. */
const EM_SER = new Set([1, 2, 3, 4, 8, 14, 15, 17, 21, 80]);

type Range = { from: IsoDate | null; to: IsoDate | null };

function invalid(mensagem: string): BbAnswer {
  return { status: 400, body: bbErrorBody('v2', 400, [{ codigo: BB_SANDBOX_ERRO.CAMPO_INVALIDO, mensagem }]) };
}

/** A dd.mm.aaaa range of the query; an end without a start is refused, a start without an end ends today. */
function range(q: Record<string, string>, start: string, end: string, today: IsoDate): Range | string {
  const from = q[start] ? parseBbDate(q[start]) : null;
  const to = q[end] ? parseBbDate(q[end]) : null;
  if (q[start] && !from) return `${start}: data inválida, use dd.mm.aaaa.`;
  if (q[end] && !to) return `${end}: data inválida, use dd.mm.aaaa.`;
  if (to && !from) return `${end}: informe também ${start}.`;
  return { from, to: from && !to ? today : to };
}

const within = (d: IsoDate | null, r: Range) => r.from === null || (d !== null && d >= r.from && d <= (r.to ?? d));

/**
 * GET /cobrancas/v2/boletos: BB's listing — indicadorSituacao, agenciaBeneficiario and
 * contaBeneficiario required; date ranges by vencimento, registro and movimento; pages of
 * `listagemPageSize` (300) walked with indice / proximoIndice. The sandbox has one beneficiary
 * account: agência and conta are checked for form, not matched.
 */
export function listarBoletos(ctx: BbSandboxContext, q: Record<string, string>): BbAnswer {
  const situacao = q.indicadorSituacao;
  if (situacao !== 'A' && situacao !== 'B') return invalid('indicadorSituacao: informe "A" (em ser) ou "B" (baixados/protestados/liquidados), em maiúsculas.');
  for (const field of ['agenciaBeneficiario', 'contaBeneficiario']) {
    if (!/^\d+$/.test(q[field] ?? '')) return invalid(`${field}: campo obrigatório, só dígitos, sem o dígito verificador.`);
  }
  const today = dayInSaoPaulo(ctx.options.now());
  const vencimento = range(q, 'dataInicioVencimento', 'dataFimVencimento', today);
  const registro = range(q, 'dataInicioRegistro', 'dataFimRegistro', today);
  const movimento = range(q, 'dataInicioMovimento', 'dataFimMovimento', today);
  for (const r of [vencimento, registro, movimento]) if (typeof r === 'string') return invalid(r);
  const indice = q.indice === undefined ? 0 : Number(q.indice);
  if (!Number.isSafeInteger(indice) || indice < 0) return invalid('indice: informe o proximoIndice da página anterior.');
  const estado = q.codigoEstadoTituloCobranca === undefined ? null : Number(q.codigoEstadoTituloCobranca);
  const carteira = q.carteiraConvenio === undefined ? null : Number(q.carteiraConvenio);
  const variacao = q.variacaoCarteiraConvenio === undefined ? null : Number(q.variacaoCarteiraConvenio);
  const vencido = q.boletoVencido;

  const matches = (t: BbTituloSandbox) =>
    (situacao === 'A' ? EM_SER.has(t.codigoEstado) : !EM_SER.has(t.codigoEstado)) &&
    (estado === null || t.codigoEstado === estado) &&
    (carteira === null || t.carteira === carteira) &&
    (variacao === null || t.variacao === variacao) &&
    (vencido === undefined || (vencido === 'S') === t.dataVencimento < today) &&
    within(t.dataVencimento, vencimento as Range) &&
    within(t.dataRegistro, registro as Range) &&
    within(t.dataMovimento, movimento as Range);

  const size = ctx.options.listagemPageSize;
  const page: Record<string, unknown>[] = [];
  let seen = 0;
  let more = false;
  for (const t of ctx.store.titulos.values()) {
    if (!matches(t)) continue;
    if (seen >= indice + size) {
      more = true;
      break;
    }
    if (seen >= indice) page.push(bbListagemItemJson(t));
    seen += 1;
  }
  return {
    status: 200,
    body: { indicadorContinuidade: more ? 'S' : 'N', quantidadeRegistros: page.length, proximoIndice: more ? indice + size : 0, boletos: page },
  };
}
