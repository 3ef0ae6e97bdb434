import type { Db } from '../../db/client.js';
import { wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { bancoConciliarJob } from './banco-job-kinds.js';

/** One reconciliation asked from the screen waits or runs at a time (background_job's exclusive key). */
export const CONCILIACAO_EXCLUSIVA = 'banco.conciliar';

/**
 * POST /api/banco/conciliacao/executar (administrador): the daily job banco.conciliar, now, for
 * every conta by API. A second click while one waits or runs answers that job (the screen follows
 * GET /api/job/{id} either way).
 */
export async function executarConciliacao(deps: { db: Db; jobs: JobQueue }, actor: Actor): Promise<{ job_id: number; em_andamento: boolean }> {
  assertAdmin(actor);
  const job = await deps.db.transaction(async (tx) => {
    const enqueued = await deps.jobs.enqueue(tx, bancoConciliarJob, {}, { actor, exclusiveKey: CONCILIACAO_EXCLUSIVA });
    if (!enqueued) throw wrongState('Não foi possível agendar a conciliação. Tente novamente.');
    if (!enqueued.existing) await recordAudit(tx, actor, { action: 'banco.conciliacao.executar', entity: 'banco_divergencia', summary: { job_id: enqueued.id } });
    return enqueued;
  });
  if (!job.existing) deps.jobs.wake(bancoConciliarJob);
  return { job_id: job.id, em_andamento: job.existing };
}
