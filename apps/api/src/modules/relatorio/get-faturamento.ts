import { RELATORIO_MESES_GRAFICO, somaMeses, type MesAno } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';
import { faturamentoLinhas, faturamentoMeses, presentFiguras } from './faturamento-sql.js';

/**
 * GET /api/relatorio/getFaturamento (administrador): one row per Loja for the month, the subtotal
 * (the same SQL summed per month) and the twelve months up to it for the chart. Read only.
 */
export async function getFaturamento(db: DbOrTx, actor: Actor, periodo: MesAno) {
  assertAdmin(actor, ADMIN_ONLY);
  const linhas = await faturamentoLinhas(db, { from: periodo, to: periodo });
  const meses = await faturamentoMeses(db, { from: somaMeses(periodo, -(RELATORIO_MESES_GRAFICO - 1)), to: periodo });
  const atual = meses[meses.length - 1];
  return {
    mes: periodo.mes,
    ano: periodo.ano,
    data: linhas.map((l) => ({ empresa_id: l.empresa_id, razao: l.razao, fantasia: l.fantasia, ...presentFiguras(l) })),
    subtotal: presentFiguras(atual),
    meses: meses.map((m) => {
      const f = presentFiguras(m);
      return { mes: m.mes, ano: m.ano, receita: f.receita, repasse_liquido: f.repasse_liquido, recebido_premium: f.recebido_premium };
    }),
  };
}
