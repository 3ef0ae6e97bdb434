import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { garantiaStatusLabel } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { garantia } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';

/**
 * One guarded state change of a guarantee: the UPDATE matches only while the guarantee is still in
 * the expected state, so of two administradores pressing the same button at once one succeeds and
 * the other gets this clear 409 (the row lock makes the second UPDATE re-read the new status).
 */
export async function transitionGarantia(
  tx: DbOrTx,
  id: number,
  expected: SQL,
  set: PgUpdateSetSource<typeof garantia>,
  acao: string,
) {
  const [row] = await tx
    .update(garantia)
    .set({ ...set, updated_at: sql`now()` })
    .where(and(eq(garantia.id, id), expected))
    .returning();
  if (row) return row;
  const [current] = await tx.select({ status: garantia.status, libera_boleto: garantia.libera_boleto }).from(garantia).where(eq(garantia.id, id));
  if (!current) throw notFound('Garantia');
  throw wrongState(`Não é possível ${acao}: a garantia está ${garantiaStatusLabel(current.status, current.libera_boleto)}. Atualize a tela.`);
}
