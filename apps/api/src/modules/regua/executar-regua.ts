import { REGUA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { REGUA_SO_ADMIN } from './get-regua.js';
import { reguaJob } from './regua-job.js';

export const REGUA_EXCLUSIVA = 'regua.executar';

/**
 * POST /api/regua/executar (administrador): the régua's run, now. Sends nothing twice (the unique
 * key per boleto, step and day); a second click while one waits or runs answers that job.
 */
export async function executarRegua(deps: { db: Db; jobs: JobQueue }, actor: Actor): Promise<{ job_id: number; msg: string }> {
  assertAdmin(actor, REGUA_SO_ADMIN);
  const job = await deps.db.transaction(async (tx) => {
    const enqueued = await deps.jobs.enqueue(tx, reguaJob, {}, { actor, exclusiveKey: REGUA_EXCLUSIVA });
    if (!enqueued) throw wrongState('Não foi possível iniciar a régua de cobrança. Tente novamente.');
    if (!enqueued.existing) await recordAudit(tx, actor, { action: 'regua.executar', entity: 'regua', summary: { job_id: enqueued.id } });
    return enqueued;
  });
  if (!job.existing) deps.jobs.wake(reguaJob);
  return { job_id: job.id, msg: job.existing ? REGUA_MSG.execucaoEmAndamento : REGUA_MSG.execucaoIniciada };
}
