import { and, eq, or, sql } from 'drizzle-orm';
import { type RetornoStatus } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { backgroundJob, retorno } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { retornoAplicarJob } from './retorno-jobs.js';
import { assertAdmin } from '../tenancy/access.js';

const REFUSAL: Record<RetornoStatus, string> = {
  ANALISANDO: 'A prévia deste retorno ainda está sendo calculada.',
  PRONTO: '',
  APLICANDO: 'Este retorno já está sendo aplicado.',
  PROCESSADO: 'Este retorno já foi aplicado.',
  FALHOU: '',
};

/**
 * POST /api/retorno/aplicar/{id} (administrador): after the preview (PRONTO) — or again after an
 * apply job that gave up (it starts over safely: recorded lines and applied movements are skipped)
 * — the retorno becomes APLICANDO and the apply job is enqueued, in one guarded transaction: two
 * clicks enqueue one job.
 */
export async function aplicarRetorno(deps: { db: Db; jobs: JobQueue }, actor: Actor, id: number) {
  assertAdmin(actor);
  const job = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(retorno).where(eq(retorno.id, id)).for('update');
    if (!row) throw notFound('Retorno');
    const failedApply = sql`exists (select 1 from ${backgroundJob} where ${backgroundJob.id} = ${retorno.aplicacao_job_id} and ${backgroundJob.status} = 'failed')`;
    const [moved] = await tx
      .update(retorno)
      .set({ status: 'APLICANDO' })
      .where(and(eq(retorno.id, id), or(eq(retorno.status, 'PRONTO'), and(eq(retorno.status, 'APLICANDO'), failedApply))))
      .returning({ id: retorno.id });
    if (!moved) throw wrongState(REFUSAL[row.status] || 'Este retorno não pode ser aplicado agora.');
    const enqueued = await deps.jobs.enqueue(tx, retornoAplicarJob, { retornoId: id, usuarioId: actor.id }, { actor });
    if (!enqueued) throw wrongState('Não foi possível agendar a aplicação. Tente novamente.');
    await tx.update(retorno).set({ aplicacao_job_id: enqueued.id }).where(eq(retorno.id, id));
    await recordAudit(tx, actor, { action: 'retorno.aplicar', entity: 'retorno', entityId: id, summary: { job_id: enqueued.id, arquivo: row.arquivo } });
    return enqueued;
  });
  deps.jobs.wake(retornoAplicarJob);
  return { id, status: 'APLICANDO' as const, job_id: job.id };
}
