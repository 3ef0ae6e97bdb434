import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { formatDateTimeBR, type RetornoStatus } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { retorno, storedFile } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { MultipartUpload } from '../files/multipart-upload.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { RETORNOS_DIR } from './cnab-file.js';
import { receiveRetornoFile, type ReceivedRetorno } from './receive-retorno-file.js';
import { retornoPreviaJob } from './retorno-jobs.js';
import { assertAdmin } from '../tenancy/access.js';

export type CreateRetornoDeps = {
  db: Db;
  storage: FileStorage;
  jobs: JobQueue;
  /** Largest upload accepted (config `retornoMaxBytes`, RETORNO_MAX_MB); default 500 MB. */
  maxBytes?: number;
};
export type CreateRetornoResult = { id: number; status: RetornoStatus; job_id: number | null; duplicado: boolean; msg: string };

const duplicateMsg = (id: number, at: Date) =>
  `Este arquivo já foi enviado (retorno nº ${id}, em ${formatDateTimeBR(at)}): nada foi alterado.`;

/**
 * POST /api/retorno/create (administrador): the file is streamed to storage (hashed and checked as
 * CNAB 240 retorno text on the way, receive-retorno-file.ts); then, in one transaction, the
 * retorno row (unique by SHA-256), its stored_file and the preview job are created. Answers as soon
 * as that commits — the dry run runs in the background (job cnab.retorno-previa).
 *
 * The same file again — one after the other or two uploads at once — finds the first retorno by
 * its hash (the unique index decides the race): nothing is created, the answer names it.
 */
export async function createRetorno(upload: MultipartUpload, deps: CreateRetornoDeps, actor: Actor): Promise<CreateRetornoResult> {
  assertAdmin(actor);
  return registerRetornoFile(deps, actor, await receiveRetornoFile(upload, deps.storage, deps.maxBytes));
}

/**
 * The received file → a retorno (or the existing one with the same hash). Without a job queue
 * (the demo seed, which then runs the preview itself) no job is enqueued.
 */
export async function registerRetornoFile(deps: Omit<CreateRetornoDeps, 'jobs'> & { jobs: JobQueue | null }, actor: Actor, file: ReceivedRetorno): Promise<CreateRetornoResult> {
  const existing = await bySha(deps.db, file.sha256);
  if (existing) {
    await fs.promises.rm(file.tempPath, { force: true });
    return duplicate(existing);
  }
  const key = `${RETORNOS_DIR}/${new Date().getUTCFullYear()}/${randomUUID()}.ret`;
  await deps.storage.adopt(file.tempPath, key);
  try {
    const created = await deps.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(storedFile)
        .values({ id: randomUUID(), storage_key: key, original_name: file.name, content_type: 'text/plain', size_bytes: file.size, sha256: file.sha256, created_by: actor.id })
        .returning({ id: storedFile.id });
      const [row] = await tx
        .insert(retorno)
        .values({ arquivo: file.name, file_id: stored.id, sha256: file.sha256, tamanho_bytes: file.size, banco: file.header.bank, usuario_id: actor.id })
        .onConflictDoNothing({ target: retorno.sha256 })
        .returning({ id: retorno.id });
      if (!row) throw new LostRace(); // a concurrent upload of the same file won: roll back the stored_file row
      const job = deps.jobs ? await deps.jobs.enqueue(tx, retornoPreviaJob, { retornoId: row.id }, { actor }) : null;
      await tx.update(retorno).set({ previa_job_id: job?.id ?? null }).where(eq(retorno.id, row.id));
      await recordAudit(tx, actor, { action: 'retorno.create', entity: 'retorno', entityId: row.id, summary: { arquivo: file.name, bytes: file.size, sha256: file.sha256 } });
      return { id: row.id, job_id: job?.id ?? null };
    });
    deps.jobs?.wake(retornoPreviaJob);
    return { ...created, status: 'ANALISANDO', duplicado: false, msg: 'Arquivo recebido. A prévia está sendo calculada.' };
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    const winner = err instanceof LostRace ? await bySha(deps.db, file.sha256) : null;
    if (winner) return duplicate(winner);
    throw err;
  }
}

class LostRace extends Error {}

async function bySha(db: Db, sha256: string) {
  const [row] = await db.select({ id: retorno.id, status: retorno.status, created_at: retorno.created_at, job: retorno.previa_job_id }).from(retorno).where(eq(retorno.sha256, sha256));
  return row ?? null;
}

function duplicate(r: { id: number; status: RetornoStatus; created_at: Date; job: number | null }): CreateRetornoResult {
  return { id: r.id, status: r.status, job_id: r.job, duplicado: true, msg: duplicateMsg(r.id, r.created_at) };
}
