import { NIVEL } from '@bg/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { backgroundJob } from '../db/schema/index.js';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../shared/actor.js';

/**
 * GET /api/job/{id}: a run's status, progress and outcome. Only the user who enqueued it and the
 * administradores see it; for anyone else it does not exist (404, as for records outside one's scope).
 */
export async function getJobRun(db: Db, actor: Pick<Actor, 'id' | 'nivel'>, id: number) {
  const [row] = await db
    .select({
      id: backgroundJob.id,
      kind: backgroundJob.kind,
      status: backgroundJob.status,
      progress_done: backgroundJob.progress_done,
      progress_total: backgroundJob.progress_total,
      progress_unit: backgroundJob.progress_unit,
      result: backgroundJob.result,
      error: backgroundJob.error,
      created_by: backgroundJob.created_by,
      created_at: backgroundJob.created_at,
      started_at: backgroundJob.started_at,
      finished_at: backgroundJob.finished_at,
    })
    .from(backgroundJob)
    .where(eq(backgroundJob.id, id));
  if (!row || (row.created_by !== actor.id && actor.nivel !== NIVEL.ADMINISTRADOR)) {
    throw new AppError('NOT_FOUND', 'Tarefa não encontrada.');
  }
  const { created_by: _owner, ...run } = row;
  return { ...run, result: run.result ?? null };
}
