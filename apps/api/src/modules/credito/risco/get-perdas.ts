import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { assertAdmin } from '../../tenancy/access.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';
import { periodoRisco } from './periodo.js';
import { pct, rowsOf } from './risco-sql.js';

/**
 * GET /api/risco/perdas (administrador): per shop, over the months `de`–`ate` (the ledger's
 * dates), what the guarantor honoured, recovered and wrote off — read from risco_perda_mensal,
 * the nightly sum of the debtors' ledger accounts (docs/risco.md "Perdas e recuperações").
 */
export async function getPerdas(db: DbOrTx, actor: Actor, q: { de?: string; ate?: string }, hoje: string) {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const { de, ate } = periodoRisco(q, hoje);
  const rows = await rowsOf<{ empresa_id: number; fantasia: string; honrado: string; recuperado: string; perda: string }>(db, sql`
    select x.empresa_id, e.fantasia, x.honrado::text, x.recuperado::text, x.perda::text from (
      select empresa_id, sum(honrado) as honrado, sum(recuperado) as recuperado, sum(perda) as perda
        from risco_perda_mensal where mes between ${de}::date and ${ate}::date group by empresa_id) x
    join empresa e on e.id = x.empresa_id
    order by x.perda desc, x.honrado desc, x.empresa_id`);
  const figuras = (h: number, r: number, p: number) => ({ honrado: fromCents(h), recuperado: fromCents(r), perda: fromCents(p), taxa_recuperacao: pct(r, h) });
  let th = 0, tr = 0, tp = 0;
  const lojas = rows.map((l) => {
    const [h, r, p] = [toCents(l.honrado), toCents(l.recuperado), toCents(l.perda)];
    th += h; tr += r; tp += p;
    return { empresa_id: Number(l.empresa_id), fantasia: l.fantasia, ...figuras(h, r, p) };
  });
  return { de, ate, lojas, total: figuras(th, tr, tp) };
}
