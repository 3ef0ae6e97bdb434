import type { JobContext } from '../../jobs/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Db } from '../../db/client.js';
import { bancoSincronizarJob, syncKey } from './banco-job-kinds.js';
import { contasApi } from './conta-banco.js';
import { processWebhook, type WebhookResult } from './process-webhook.js';
import { hasWork, syncConta, type SyncResult } from './sync-conta.js';

/** banco.sincronizar: one conta's pending work; while work is left the job runs again (a batch per run keeps runs short). */
export async function runSincronizar(data: { contaId: number }, ctx: JobContext): Promise<SyncResult> {
  const result = await syncConta(ctx.db, ctx.bank, data.contaId, { signal: ctx.signal });
  return result;
}

/** banco.webhook: one stored webhook call. */
export function runWebhook(data: { webhookId: number }, ctx: JobContext): Promise<WebhookResult> {
  return processWebhook(ctx.db, ctx.bank, data.webhookId);
}

/**
 * The ticker (every BANK_SYNC_SECONDS in a process with JOBS=on, app.ts): for each conta by API
 * with something to send now, enqueues banco.sincronizar — one per conta at a time (exclusive key),
 * so the work itself is always a durable job, and a process that stops loses nothing.
 */
export async function tickBanks(db: Db, jobs: JobQueue): Promise<number> {
  let enqueued = 0;
  for (const conta of await contasApi(db)) {
    if (!(await hasWork(db, conta.id))) continue;
    const job = await jobs.enqueue(db, bancoSincronizarJob, { contaId: conta.id }, { actor: null, exclusiveKey: syncKey(conta.id) });
    if (job && !job.existing) enqueued++;
  }
  return enqueued;
}

