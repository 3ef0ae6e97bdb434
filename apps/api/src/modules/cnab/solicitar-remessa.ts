import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { backgroundJob, contaCobranca } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { REMESSA_CONTA_API, REMESSA_VAZIA } from './gerar-remessa.js';
import { remessaJob } from './remessa-job.js';
import { contasComRemessaPendente, temRemessaPendente } from './remessa-pendente.js';
import { assertAdmin } from '../tenancy/access.js';

/** One Gerar Remessa job waits or runs at a time (background_job's exclusive key, decision 108). */
export const REMESSA_EXCLUSIVA = 'gerar-remessa';

/**
 * POST /api/boleto/gerarRemessa[?conta_cobranca_id=] (administrador): refuses at once when nothing
 * waits for the bank (409, REMESSA_VAZIA) or the chosen conta works by API (REMESSA_CONTA_API);
 * answers the job already generating one if there is one; otherwise enqueues the job cnab.remessa —
 * for the chosen conta, or for every conta by CNAB with pending titles (one file each, decision 126)
 * — and answers its id; the screen follows GET /api/job/{id}. Concurrent requests (also from
 * several processes) enqueue one job: the job row's exclusive key is unique among open jobs, so the
 * others wait for the first's transaction and answer its job (`em_andamento`). The claim itself
 * (lock + guarded updates) happens in the job, so even two jobs never share a boleto.
 */
export async function solicitarRemessa(deps: { db: Db; jobs: JobQueue }, actor: Actor, contaId?: number): Promise<{ job_id: number; em_andamento: boolean }> {
  assertAdmin(actor);
  const [running] = await deps.db
    .select({ id: backgroundJob.id })
    .from(backgroundJob)
    .where(and(eq(backgroundJob.kind, remessaJob.kind), inArray(backgroundJob.status, ['queued', 'running'])))
    .orderBy(desc(backgroundJob.id))
    .limit(1);
  if (running) return { job_id: running.id, em_andamento: true };
  if (contaId !== undefined) {
    const [conta] = await deps.db.select({ modo: contaCobranca.modo }).from(contaCobranca).where(eq(contaCobranca.id, contaId));
    if (!conta) throw notFound('Conta de cobrança');
    // a conta that works by its bank's API sends every boleto by API (modules/banco): no file to carry
    if (conta.modo === 'API') throw wrongState(REMESSA_CONTA_API);
    if (!(await temRemessaPendente(deps.db, contaId))) throw wrongState(REMESSA_VAZIA);
  } else if (!(await contasComRemessaPendente(deps.db)).length) {
    const [padrao] = await deps.db.select({ modo: contaCobranca.modo }).from(contaCobranca).where(eq(contaCobranca.padrao, true));
    throw wrongState(padrao?.modo === 'API' ? REMESSA_CONTA_API : REMESSA_VAZIA);
  }
  const job = await deps.db.transaction(async (tx) => {
    const enqueued = await deps.jobs.enqueue(tx, remessaJob, { usuarioId: actor.id, contaId: contaId ?? null }, { actor, exclusiveKey: REMESSA_EXCLUSIVA });
    if (!enqueued) throw wrongState('Não foi possível agendar a remessa. Tente novamente.');
    if (!enqueued.existing) await recordAudit(tx, actor, { action: 'remessa.solicitar', entity: 'remessa', summary: { job_id: enqueued.id, conta_cobranca_id: contaId ?? null } });
    return enqueued;
  });
  if (!job.existing) deps.jobs.wake(remessaJob);
  return { job_id: job.id, em_andamento: job.existing };
}
