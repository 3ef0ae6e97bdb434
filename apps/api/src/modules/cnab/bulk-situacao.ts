import { sql, type SQL } from 'drizzle-orm';
import { BOLETO_TRANSITIONS, nextSituacao, type BoletoAction, type Situacao } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { emitirEventosBoletos, eventoDeBoleto } from '../eventos/eventos-boleto.js';

/**
 * One action of the boleto state machine applied to many boletos in one statement (a remessa
 * moves 100 000 at once): the same guard as change-situacao.ts — the UPDATE matches only boletos
 * still in the action's `from` situação, the caller holds their row locks — and one history row
 * per boleto (who, when, from, to, why). `ids` is a subquery of boleto ids. The audit log gets one
 * record for the whole operation from the caller, not one per boleto.
 */
export async function bulkChangeSituacao(
  tx: DbOrTx,
  ids: SQL,
  action: BoletoAction,
  from: Situacao,
  actor: { id: number | null },
  motivo: string,
): Promise<number> {
  if (!BOLETO_TRANSITIONS[action].from.includes(from)) throw new RangeError(`Ação ${action} não parte de ${from}`);
  const to = nextSituacao(action, from);
  const res = await tx.execute(sql`
    with moved as (
      update boleto set situacao = ${to}, updated_at = now()
      where id in (${ids}) and situacao = ${from}
      returning id
    )
    , hist as (
      insert into boleto_historico (boleto_id, de, para, motivo, usuario_id)
      select id, ${from}::varchar, ${to}::varchar, ${motivo}::varchar, ${actor.id}::int from moved
      returning 1
    )
    select (select count(*)::int from hist) as n, ${eventoDeBoleto(action) ? sql`(select coalesce(array_agg(id), '{}') from moved)` : sql`'{}'::int[]`} as ids`);
  const row = (res as { rows: { n: number; ids: number[] }[] }).rows[0];
  // the shops' webhook events of the change (a write-off confirmed without the bank: boleto.baixado)
  if (row?.ids.length) await emitirEventosBoletos(tx, row.ids.map((id) => ({ boletoId: Number(id), action })));
  return Number(row?.n ?? 0);
}
