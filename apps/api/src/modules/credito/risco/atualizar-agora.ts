import type { Db } from '../../../db/client.js';
import { wrongState } from '../../../errors/app-error.js';
import type { JobQueue } from '../../../jobs/index.js';
import type { Actor } from '../../../shared/actor.js';
import { recordAudit } from '../../audit/record-audit.js';
import { assertAdmin } from '../../tenancy/access.js';
import { riscoAtualizarCompletaJob } from './atualizar-risco.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';

export const RISCO_EXCLUSIVA = 'risco.atualizar.completa';

/**
 * POST /api/risco/atualizar (administrador): the complete run of risco.atualizar now (month-ends,
 * safras, losses and the position). A second click while one waits or runs answers that job.
 */
export async function atualizarRiscoAgora(deps: { db: Db; jobs: JobQueue }, actor: Actor): Promise<{ job_id: number; msg: string }> {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const job = await deps.db.transaction(async (tx) => {
    const enqueued = await deps.jobs.enqueue(tx, riscoAtualizarCompletaJob, {}, { actor, exclusiveKey: RISCO_EXCLUSIVA });
    if (!enqueued) throw wrongState('Não foi possível iniciar o cálculo do risco. Tente novamente.');
    if (!enqueued.existing) await recordAudit(tx, actor, { action: 'risco.atualizar', entity: 'risco', summary: { job_id: enqueued.id } });
    return enqueued;
  });
  if (!job.existing) deps.jobs.wake(riscoAtualizarCompletaJob);
  return { job_id: job.id, msg: job.existing ? 'O cálculo do risco já está em andamento.' : 'Cálculo do risco iniciado. A tela mostra a nova posição quando ele terminar.' };
}
