import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { assertAdmin } from '../../tenancy/access.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';
import { periodoRisco } from './periodo.js';
import { pct, rowsOf, SP } from './risco-sql.js';

/**
 * GET /api/risco/cura-acordo (administrador): per month an acordo was made (São Paulo), how many
 * were paid in full (QUITADO: cured), are still being paid (Aguardando Ativação, ATIVO) or were
 * broken (CANCELADO); cure rate = quitados ÷ (quitados + cancelados), the acordos that ended
 * (docs/risco.md "Cura após acordo"). Read live: a few thousand acordos.
 */
export async function getCuraAcordo(db: DbOrTx, actor: Actor, q: { de?: string; ate?: string }, hoje: string) {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const { de, ate } = periodoRisco(q, hoje);
  const rows = await rowsOf<{ mes: string; acordos: number; quitados: number; cancelados: number; valor: string; valor_quitado: string }>(db, sql`
    select date_trunc('month', a.created_at at time zone ${SP})::date::text as mes,
           count(*)::int as acordos,
           (count(*) filter (where a.status = 'QUITADO'))::int as quitados,
           (count(*) filter (where a.status = 'CANCELADO'))::int as cancelados,
           sum(a.valor_sem_juros)::text as valor,
           coalesce(sum(a.valor_sem_juros) filter (where a.status = 'QUITADO'), 0)::text as valor_quitado
      from acordo a
     where a.created_at >= (${de}::date)::timestamp at time zone ${SP}
       and a.created_at < ((${ate}::date + interval '1 month')::date)::timestamp at time zone ${SP}
     group by 1 order by 1`);
  return {
    meses: rows.map((r) => ({
      mes: r.mes,
      acordos: Number(r.acordos),
      quitados: Number(r.quitados),
      cancelados: Number(r.cancelados),
      em_andamento: Number(r.acordos) - Number(r.quitados) - Number(r.cancelados),
      valor: fromCents(toCents(r.valor)),
      valor_quitado: fromCents(toCents(r.valor_quitado)),
      taxa_cura: pct(Number(r.quitados), Number(r.quitados) + Number(r.cancelados)),
    })),
  };
}
