import { bbDate, bbMoney, BB_CANAL_LIQUIDACAO, parseBbDate, type IsoDate } from '@bg/domain';
import type { BbSandboxContext } from './bb-context.js';
import type { BbAnswer } from './bb-fault-step.js';
import { BB_SANDBOX_ERRO, bbErrorBody } from './bb-sandbox-errors.js';

function invalid(mensagem: string): BbAnswer {
  return { status: 400, body: bbErrorBody('v4', 400, [{ codigo: BB_SANDBOX_ERRO.CAMPO_INVALIDO, mensagem }]) };
}

const REQUIRED = ['agencia', 'conta', 'carteira', 'variacao'] as const;

/**
 * GET /cobrancas/v2/boletos-baixa-operacional: the payments (and cancellations) of the period by
 * scheduling date, pages of `baixaOperacionalPageSize` (650) walked with idProximoTitulo. The
 * sandbox's cursor is the position of the next event.
 */
export function listarBaixasOperacionais(ctx: BbSandboxContext, q: Record<string, string>): BbAnswer {
  for (const field of REQUIRED) if (!/^\d+$/.test(q[field] ?? '')) return invalid(`${field}: campo obrigatório, só dígitos.`);
  const inicio = q.dataInicioAgendamentoTitulo ? parseBbDate(q.dataInicioAgendamentoTitulo) : null;
  const fim = q.dataFimAgendamentoTitulo ? parseBbDate(q.dataFimAgendamentoTitulo) : null;
  if (!inicio || !fim) return invalid('dataInicioAgendamentoTitulo e dataFimAgendamentoTitulo: campos obrigatórios no formato dd.mm.aaaa.');
  if (fim < inicio) return invalid('dataFimAgendamentoTitulo: não pode ser anterior à data inicial.');
  const estado = q.estadoBaixaOperacional === undefined ? null : Number(q.estadoBaixaOperacional);
  const carteira = Number(q.carteira);
  const variacao = Number(q.variacao);
  const from = q.idProximoTitulo ? Number(q.idProximoTitulo) : 0;
  if (!Number.isSafeInteger(from) || from < 0) return invalid('idProximoTitulo: informe o proximoTitulo da resposta anterior.');

  const size = ctx.options.baixaOperacionalPageSize;
  const lista: Record<string, unknown>[] = [];
  let next: number | null = null;
  const events = ctx.store.baixas;
  for (let i = from; i < events.length; i++) {
    const e = events[i];
    const t = e ? ctx.store.titulos.get(e.numero) : undefined;
    if (!e || !t || t.carteira !== carteira || t.variacao !== variacao) continue;
    if (e.data < inicio || e.data > (fim as IsoDate) || (estado !== null && e.codigo !== estado)) continue;
    if (lista.length === size) {
      next = i;
      break;
    }
    lista.push({
      carteira: t.carteira,
      variacao: t.variacao,
      convenio: t.numeroConvenio,
      titulo: {
        id: t.numero,
        estadoBaixaOperacional: e.codigo,
        modalidade: t.codigoModalidade,
        dataRegistro: bbDate(t.dataRegistro),
        dataVencimento: bbDate(t.dataVencimento),
        valorOriginal: bbMoney(t.valorOriginalCents),
        agendamentoPagamento: { momento: `${bbDate(e.data)} ${e.hora}`, instituicaoFinanceira: 1, canal: BB_CANAL_LIQUIDACAO[e.canal], valorCIP: bbMoney(e.valorCents) },
      },
    });
  }
  return { status: 200, body: { possuiMaisTitulos: next === null ? 'N' : 'S', proximoTitulo: next === null ? '' : String(next), lista } };
}
