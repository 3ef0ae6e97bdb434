import { eq } from 'drizzle-orm';
import { type RetornoDetailJson, type RetornoPreviaJson } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { backgroundJob, retorno, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { currentJobId, joinRetornoUsuario, presentRetorno } from './retorno-row.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * GET /api/retorno/getById/{id} (administrador): what the screen polls while a job runs — the
 * retorno, its preview once ready, how many titles the apply job recorded, and the current job's
 * progress (bytes of the file) and error.
 */
export async function getRetorno(db: Db, actor: Actor, id: number): Promise<RetornoDetailJson> {
  assertAdmin(actor);
  const [row] = await db
    .select({ r: retorno, usuario: usuario.name, job: backgroundJob })
    .from(retorno)
    .leftJoin(usuario, joinRetornoUsuario)
    .leftJoin(backgroundJob, eq(backgroundJob.id, currentJobId))
    .where(eq(retorno.id, id));
  if (!row) throw notFound('Retorno');
  const job = row.job;
  return {
    ...presentRetorno({ r: row.r, usuario: row.usuario, job_status: job?.status ?? null }),
    sha256: row.r.sha256 ?? '',
    previa: (row.r.previa as RetornoPreviaJson | null) ?? null,
    quantidade_processada: row.r.quantidade_processada,
    job: job
      ? { id: job.id, kind: job.kind, status: job.status, progress_done: job.progress_done, progress_total: job.progress_total, progress_unit: job.progress_unit, error: job.error }
      : null,
  };
}
