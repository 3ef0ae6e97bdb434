import { sql } from 'drizzle-orm';
import { faixaDescricao, fromCents, provisaoCentavos, toCents, type FaixaRisco } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { assertAdmin } from '../../tenancy/access.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';
import { lerPosicao } from './posicao.js';
import { rowsOf } from './risco-sql.js';

/**
 * GET /api/risco/provisoes (administrador): the book now (guaranteed and honoured boletos) by aging
 * bucket, each with the stored percentage (Res. CMN 2.682's minimums by default) and its provision,
 * rounded per bucket in centavos (docs/risco.md "Provisões").
 */
export async function getProvisoes(db: DbOrTx, actor: Actor) {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const rows = await rowsOf<{ faixa: FaixaRisco; dias_de: number; dias_ate: number | null; percentual: string; percentual_padrao: string; boletos: number | null; valor: string | null; updated_at: string | Date }>(db, sql`
    select f.faixa, f.dias_de, f.dias_ate, f.percentual::text, f.percentual_padrao::text, a.boletos, a.valor::text, f.updated_at
      from risco_provisao_faixa f
      left join risco_aging_atual a on a.faixa = f.faixa
     order by f.ordem`);
  let totalValor = 0, totalProvisao = 0;
  let atualizado: Date | null = null;
  const faixas = rows.map((r) => {
    const valor = toCents(r.valor ?? '0');
    const percentual = Number(r.percentual);
    const provisao = provisaoCentavos(valor, percentual);
    totalValor += valor;
    totalProvisao += provisao;
    const u = new Date(r.updated_at);
    if (!atualizado || u > atualizado) atualizado = u;
    return {
      faixa: r.faixa,
      descricao: faixaDescricao(r.faixa),
      dias_de: Number(r.dias_de),
      dias_ate: r.dias_ate === null ? null : Number(r.dias_ate),
      percentual,
      percentual_padrao: Number(r.percentual_padrao),
      boletos: Number(r.boletos ?? 0),
      valor: fromCents(valor),
      provisao: fromCents(provisao),
    };
  });
  return { ...(await lerPosicao(db)), faixas, total_valor: fromCents(totalValor), total_provisao: fromCents(totalProvisao), atualizado_em: atualizado };
}
