import { jobKind, type JobContext, type JobQueue } from '../../jobs/index.js';
import { despacharEnvios, type DespachoResultado } from './despachar-envios.js';
import { planejarEnvios } from './planejar-envios.js';

/**
 * The régua's run (decision 115): plan today's messages (idempotent), then send what is due inside
 * the window. Cron every hour from 08:00 to 19:00 São Paulo time (jobs/catalogue.ts) — the first
 * run of the day decides who gets what and the later ones send what waited (the one-a-day rule,
 * a boleto released during the day) — and on demand from Administração > Régua de cobrança.
 */
export const reguaJob = jobKind('regua.executar');

export type ReguaRunResult = DespachoResultado & { planejadas: number };

/** What the job needs beyond its context: the queue (to enqueue messages) and the payer page's public address. */
export type ReguaJobDeps = { jobs: () => JobQueue; baseUrl: string };

export async function runRegua(_data: Record<string, never>, ctx: JobContext, deps: ReguaJobDeps): Promise<ReguaRunResult> {
  const now = ctx.clock.now();
  const planejadas = await planejarEnvios(ctx.db, now);
  ctx.throwIfInterrupted();
  const despacho = await despacharEnvios({ db: ctx.db, jobs: deps.jobs(), baseUrl: deps.baseUrl }, now, (done) => {
    ctx.progress(done, null, 'mensagens');
    ctx.throwIfInterrupted();
  });
  const result = { planejadas, ...despacho };
  if (planejadas || despacho.enfileiradas || despacho.ignoradas || despacho.adiadas) ctx.log.info(result, 'régua de cobrança');
  return result;
}
