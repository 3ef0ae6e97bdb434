import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { assertAdmin } from '../../tenancy/access.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';
import { periodoRisco } from './periodo.js';
import { lerPosicao } from './posicao.js';
import { pct, rowsOf } from './risco-sql.js';

/**
 * GET /api/risco/primeiro-pagamento (administrador): first-payment default per safra — of the
 * guarantees whose first instalment fell due more than 30 days before the reference day, those
 * whose first instalment had not left the book (paid, cancelled, replaced) 30 days after its due
 * date (docs/risco.md "Primeiro pagamento").
 */
export async function getPrimeiroPagamento(db: DbOrTx, actor: Actor, q: { de?: string; ate?: string }, hoje: string) {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const { de, ate } = periodoRisco(q, hoje);
  const rows = await rowsOf<{ safra: string; garantias: number; garantias_maduras: number; garantias_fpd: number; valor_primeira_madura: string; valor_primeira_fpd: string }>(db, sql`
    select safra::text, garantias, garantias_maduras, garantias_fpd, valor_primeira_madura::text, valor_primeira_fpd::text
      from risco_safra where safra between ${de}::date and ${ate}::date order by safra`);
  return {
    ...(await lerPosicao(db)),
    safras: rows.map((r) => ({
      safra: r.safra,
      garantias: Number(r.garantias),
      garantias_maduras: Number(r.garantias_maduras),
      garantias_fpd: Number(r.garantias_fpd),
      taxa: pct(Number(r.garantias_fpd), Number(r.garantias_maduras)),
      valor_maduro: fromCents(toCents(r.valor_primeira_madura)),
      valor_fpd: fromCents(toCents(r.valor_primeira_fpd)),
      taxa_valor: pct(toCents(r.valor_primeira_fpd), toCents(r.valor_primeira_madura)),
    })),
  };
}
