import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobKind, type JobContext } from '../../jobs/index.js';
import { retentionMonths } from '../lgpd/purge-acessos.js';

const BATCH = 5_000;

/** The nightly purge of the payer page's access log: kept as long as the LGPD access log (cron in jobs/catalogue.ts). */
export const pagadorAcessosLimpezaJob = jobKind<{ meses?: number }>('pagador.acessos-limpeza');

/** Deletes one batch of pagador_acesso rows older than the retention (never under 6 months); answers how many went. */
export async function limparAcessosPagadorBatch(db: DbOrTx, months: number, batch = BATCH): Promise<number> {
  const res = await db.execute(sql`
    WITH gone AS (
      DELETE FROM pagador_acesso WHERE id IN (
        SELECT id FROM pagador_acesso
        WHERE created_at < now() - make_interval(months => ${retentionMonths(months)}::int)
        ORDER BY created_at LIMIT ${batch}::int)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return Number((res as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** In batches of 5 000, each its own short transaction. */
export async function limparAcessosPagador(data: { meses?: number }, ctx: JobContext): Promise<{ removidos: number; meses: number }> {
  const meses = retentionMonths(data.meses ?? 12);
  let removidos = 0;
  for (;;) {
    ctx.throwIfInterrupted();
    const n = await ctx.db.transaction((tx) => limparAcessosPagadorBatch(tx, meses));
    removidos += n;
    if (n < BATCH) break;
  }
  if (removidos) ctx.log.info({ removidos, meses }, 'pagador: registro de acessos expurgado');
  return { removidos, meses };
}
