import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SITUACAO } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { backgroundJob, contaCobranca } from '../../db/schema/index.js';
import { wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { ACERTO_MOTIVO } from '../garantia/update-boleto-atendimento.js';
import { REMESSA_CONTA_API, REMESSA_VAZIA } from './gerar-remessa.js';
import { remessaJob } from './remessa-job.js';
import { assertAdmin } from '../tenancy/access.js';

const S = SITUACAO;

/** One Gerar Remessa job waits or runs at a time (background_job's exclusive key, decision 108). */
export const REMESSA_EXCLUSIVA = 'gerar-remessa';

/**
 * POST /api/boleto/gerarRemessa (administrador): refuses at once when nothing waits for the bank
 * (409, REMESSA_VAZIA); answers the job already generating one if there is one; otherwise enqueues
 * the job cnab.remessa and answers its id — the screen follows GET /api/job/{id}. Concurrent
 * requests (also from several processes) enqueue one job: the job row's exclusive key is unique
 * among open jobs, so the others wait for the first's transaction and answer its job
 * (`em_andamento`). The claim itself (lock + guarded updates) happens in the job, so even two jobs
 * never share a boleto.
 */
export async function solicitarRemessa(deps: { db: Db; jobs: JobQueue }, actor: Actor): Promise<{ job_id: number; em_andamento: boolean }> {
  assertAdmin(actor);
  const [running] = await deps.db
    .select({ id: backgroundJob.id })
    .from(backgroundJob)
    .where(and(eq(backgroundJob.kind, remessaJob.kind), inArray(backgroundJob.status, ['queued', 'running'])))
    .orderBy(desc(backgroundJob.id))
    .limit(1);
  if (running) return { job_id: running.id, em_andamento: true };
  // a conta that works by its bank's API sends every boleto by API (modules/banco): no file to carry
  const [ativa] = await deps.db.select({ modo: contaCobranca.modo }).from(contaCobranca).where(eq(contaCobranca.ativa, true));
  if (ativa?.modo === 'API') throw wrongState(REMESSA_CONTA_API);
  if (!(await hasPendingWork(deps.db))) throw wrongState(REMESSA_VAZIA);
  const job = await deps.db.transaction(async (tx) => {
    const enqueued = await deps.jobs.enqueue(tx, remessaJob, { usuarioId: actor.id }, { actor, exclusiveKey: REMESSA_EXCLUSIVA });
    if (!enqueued) throw wrongState('Não foi possível agendar a remessa. Tente novamente.');
    if (!enqueued.existing) await recordAudit(tx, actor, { action: 'remessa.solicitar', entity: 'remessa', summary: { job_id: enqueued.id } });
    return enqueued;
  });
  if (!job.existing) deps.jobs.wake(remessaJob);
  return { job_id: job.id, em_andamento: job.existing };
}

/** Anything the next remessa would send or confirm (cheap: one indexed probe each). */
async function hasPendingWork(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select
    exists (select 1 from boleto where situacao = ${S.DISPONIVEL})
    or exists (select 1 from boleto b where b.situacao in (${S.ENVIADO_BAIXA}, ${S.ENVIADO_CANCELAMENTO}, ${S.ENVIADO_REMOCAO})
               and (select max(h.id) from boleto_historico h where h.boleto_id = b.id) > coalesce(b.cnab_historico_id, 0))
    or exists (select 1 from boleto_historico h join boleto b on b.id = h.boleto_id
               where h.motivo = ${ACERTO_MOTIVO} and h.id > coalesce(b.cnab_historico_id, 0) and b.situacao in (${S.ENVIADO_REGISTRO}, ${S.GARANTIDO}))
    as pending`);
  return Boolean((res as { rows: { pending: boolean }[] }).rows[0]?.pending);
}
