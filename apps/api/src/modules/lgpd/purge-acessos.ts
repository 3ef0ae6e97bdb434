import { sql } from 'drizzle-orm';
import { LGPD_MIN_RETENTION_MONTHS } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { jobKind, type JobContext } from '../../jobs/index.js';

const BATCH = 5_000;

/** LGPD_ACCESS_LOG_RETENTION_MONTHS as applied: never under 6 months. */
export const retentionMonths = (configured: number) => Math.max(LGPD_MIN_RETENTION_MONTHS, Math.trunc(configured) || 0);

/** Deletes one batch of rows older than `months`; answers how many went. */
export async function purgeAcessosBatch(db: DbOrTx, months: number, batch = BATCH): Promise<number> {
  const res = await db.execute(sql`
    WITH gone AS (
      DELETE FROM acesso_dados_pessoais WHERE id IN (
        SELECT id FROM acesso_dados_pessoais
        WHERE created_at < now() - make_interval(months => ${retentionMonths(months)}::int)
        ORDER BY created_at LIMIT ${batch}::int)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  // a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
  return Number((res as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** The nightly purge of the LGPD access log (cron and policy in jobs/catalogue.ts). */
export const lgpdPurgeJob = jobKind<{ meses?: number }>('lgpd.acessos-limpeza');

/**
 * Purges the LGPD access log beyond the retention, in batches of 5 000 (short transactions;
 * progress and a checkpoint per batch, so a restart resumes with the count).
 */
export async function purgeAcessos(data: { meses?: number }, ctx: JobContext<{ removidos: number }>): Promise<{ removidos: number; meses: number }> {
  const meses = retentionMonths(data.meses ?? 12);
  let removidos = ctx.lastCheckpoint?.removidos ?? 0;
  for (;;) {
    ctx.throwIfInterrupted();
    const n = await ctx.db.transaction(async (tx) => {
      const deleted = await purgeAcessosBatch(tx, meses);
      removidos += deleted;
      ctx.progress(removidos, null);
      await ctx.checkpoint({ removidos }, tx);
      return deleted;
    });
    if (n < BATCH) break;
  }
  ctx.log.info({ removidos, meses }, 'lgpd: registro de acessos expurgado');
  return { removidos, meses };
}
