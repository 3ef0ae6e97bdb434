import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { jobKind, type JobContext } from '../../../jobs/index.js';

const BATCH = 5_000;

/** Deletes one batch of idempotency answers past their 24 h; answers how many went. */
export async function limparIdempotenciaLote(db: DbOrTx, batch = BATCH): Promise<number> {
  const res = await db.execute(sql`
    WITH gone AS (
      DELETE FROM api_idempotencia WHERE (chave_id, idempotency_key) IN (
        SELECT chave_id, idempotency_key FROM api_idempotencia WHERE expira_em <= now() ORDER BY expira_em LIMIT ${batch}::int)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  // a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
  return Number((res as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** The hourly cleanup of /api/v1's stored answers (cron and policy in jobs/catalogue.ts). */
export const idempotenciaLimpezaJob = jobKind<Record<string, never>>('integracao.idempotencia-limpeza');

/** Deletes the expired answers in batches (short transactions; a checkpoint per batch). */
export async function limparIdempotencia(_data: Record<string, never>, ctx: JobContext<{ removidas: number }>): Promise<{ removidas: number }> {
  let removidas = ctx.lastCheckpoint?.removidas ?? 0;
  for (;;) {
    ctx.throwIfInterrupted();
    const n = await ctx.db.transaction(async (tx) => {
      const deleted = await limparIdempotenciaLote(tx);
      removidas += deleted;
      ctx.progress(removidas, null);
      await ctx.checkpoint({ removidas }, tx);
      return deleted;
    });
    if (n < BATCH) break;
  }
  ctx.log.info({ removidas }, 'api v1: respostas de idempotência expiradas removidas');
  return { removidas };
}
