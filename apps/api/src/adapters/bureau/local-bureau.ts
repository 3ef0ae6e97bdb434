import { createHash } from 'node:crypto';
import { todayInSaoPaulo } from '@bg/domain';
import type { BureauAdapter, Restricao, ResultadoRestritiva } from './bureau.js';
import { documentHistory, type DocumentHistory } from './document-history.js';
import { scoreFromHistory } from './score.js';

/** Restrictions our own data proves (DOMAIN.md lookup rules). */
function restricoesFromHistory(h: DocumentHistory): Restricao[] {
  const itens: Restricao[] = [];
  if (h.suspeito_motivo) itens.push({ codigo: 'CPF_SUSPEITO', descricao: `Documento na lista de CPFs suspeitos: ${h.suspeito_motivo}` });
  if (h.vencidos_abertos > 0) {
    itens.push({ codigo: 'INADIMPLENCIA', descricao: `${h.vencidos_abertos} boleto(s) vencido(s) em aberto, atraso máximo de ${h.max_dias_atraso} dia(s)` });
  }
  if (h.spc_ativas > 0) itens.push({ codigo: 'SPC_ATIVO', descricao: `${h.spc_ativas} inclusão(ões) ativa(s) no SPC` });
  return itens;
}

/**
 * The built-in bureau: answers from our own guarantees, boletos, suspect list and SPC records —
 * offline, deterministic, and honest about what it knows (nothing about other creditors).
 */
export function localBureau(now: () => string = todayInSaoPaulo): BureauAdapter {
  return {
    name: 'local',
    async restritiva(db, documento): Promise<ResultadoRestritiva> {
      const h = await documentHistory(db, documento, now());
      const itens = restricoesFromHistory(h);
      const alertas: string[] = [];
      if (h.garantias_negadas > 0) alertas.push(`${h.garantias_negadas} solicitação(ões) negada(s) anteriormente`);
      if (h.quitados_garantidor > 0) alertas.push(`${h.quitados_garantidor} boleto(s) pago(s) pela garantidora`);
      return { provider: 'local', restrito: itens.length > 0, itens, alertas };
    },
    async analitica(db, documento, context) {
      const today = now();
      const h = await documentHistory(db, documento, today);
      const { score, faixa, motivos } = scoreFromHistory(h, context.renda_cents, today);
      return {
        provider: 'local',
        score,
        faixa,
        motivos,
        resumo: {
          'Garantias aprovadas': h.garantias_aprovadas,
          'Garantias negadas': h.garantias_negadas,
          'Garantias canceladas': h.garantias_canceladas,
          'Garantias pendentes': h.garantias_pendentes,
          'Boletos pagos': h.pagos,
          'Boletos em dia em aberto': h.abertos_em_dia,
          'Boletos vencidos em aberto': h.vencidos_abertos,
          'Boletos pagos pela garantidora': h.quitados_garantidor,
          'Inclusões ativas no SPC': h.spc_ativas,
          'Lista de suspeitos': h.suspeito_motivo ? 'SIM' : 'NÃO',
          'Primeira garantia': h.primeira_garantia,
        },
      };
    },
    async incluirSpc(_db, inclusao) {
      // No external registry offline: a stable local protocol lets the inclusion be traced.
      const digest = createHash('sha256').update(`${inclusao.cpf_cnpj}:${inclusao.boleto_id}:${inclusao.vencimento}`).digest('hex');
      return { protocolo: `LOCAL-${inclusao.boleto_id}-${digest.slice(0, 10).toUpperCase()}` };
    },
    async excluirSpc(_db, exclusao) {
      // Our own spc_inclusao row is the registry offline: the caller marks it REMOVIDA.
      return { protocolo: `LOCAL-EXC-${exclusao.boleto_id}-${(exclusao.protocolo ?? 'SEM-PROTOCOLO').slice(-10)}` };
    },
  };
}
