import { count, eq, inArray, sql } from 'drizzle-orm';
import { GARANTIA_DUPLICATA_LIMITS, MAX_ID } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { garantia, garantiaDuplicata, storedFile } from '../../db/schema/index.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import { invalid, notFound, wrongState } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import type { MultipartUpload } from '../files/multipart-upload.js';
import { discardUploads, receiveUploads, type StoredUpload } from '../files/receive-uploads.js';
import { assertWritable } from '../tenancy/assert-writable.js';

/** Spec §5: duplicatas are .jpeg/.jpg/.png (checked by content), at most 12 files and 50 MB. */
export const DUPLICATA_RULES = {
  field: 'arquivo',
  maxFiles: GARANTIA_DUPLICATA_LIMITS.maxFiles,
  maxFileBytes: GARANTIA_DUPLICATA_LIMITS.maxTotalBytes,
  maxTotalBytes: GARANTIA_DUPLICATA_LIMITS.maxTotalBytes,
  kinds: ['jpeg', 'png'] as const,
};

/**
 * POST /api/garantia/uploadDuplicata (multipart: garantia_id first, then the files `arquivo`).
 * The files stream to storage first (no transaction held open during a slow upload); then one
 * transaction checks the guarantee (scope: an usuario or franqueado writes only for its own
 * empresa, an administrador for any; not denied or cancelled), links the files and sets
 * possui_duplicata. If that fails the stored files are removed again.
 */
export async function uploadDuplicata(upload: MultipartUpload, deps: { db: Db; storage: FileStorage }, actor: Actor) {
  const { files, fields } = await receiveUploads(upload, { db: deps.db, storage: deps.storage, userId: actor.id }, { ...DUPLICATA_RULES, kinds: [...DUPLICATA_RULES.kinds] });
  try {
    const garantiaId = Number(fields.garantia_id);
    if (!Number.isInteger(garantiaId) || garantiaId < 1 || garantiaId > MAX_ID) throw invalid({ garantia_id: 'Campo obrigatório' });
    await deps.db.transaction(async (tx) => {
      const [g] = await tx.select({ empresa_id: garantia.empresa_id, status: garantia.status }).from(garantia).where(eq(garantia.id, garantiaId)).for('update');
      // 404 outside the actor's sight; a franqueado is told its franchisee's guarantee is read-only
      await assertWritable(tx, actor, g?.empresa_id, 'Garantia');
      if (!g) throw notFound('Garantia');
      if (g.status === 'NÃO AUTORIZADO' || g.status === 'CANCELADO') throw wrongState(`Não é possível anexar duplicatas: a garantia está ${g.status}.`);
      // the 12 are the guarantee's, counted under its row lock (two uploads at once cannot pass 12)
      const [{ enviadas }] = await tx.select({ enviadas: count() }).from(garantiaDuplicata).where(eq(garantiaDuplicata.garantia_id, garantiaId));
      const restantes = DUPLICATA_RULES.maxFiles - enviadas;
      if (files.length > restantes) throw wrongState(duplicatasAlemDoLimite(enviadas, restantes));
      await tx.insert(garantiaDuplicata).values(files.map((f) => ({ garantia_id: garantiaId, file_id: f.id, usuario_id: actor.id })));
      await tx.update(garantia).set({ possui_duplicata: 'S', updated_at: sql`now()` }).where(eq(garantia.id, garantiaId));
      await recordAudit(tx, actor, { action: 'garantia.uploadDuplicata', entity: 'garantia', entityId: garantiaId, summary: { arquivos: files.map((f) => f.original_name) } });
    });
    return { garantia_id: garantiaId, arquivos: files.length };
  } catch (err) {
    await forget(deps, files);
    throw err;
  }
}

function duplicatasAlemDoLimite(enviadas: number, restantes: number) {
  const limite = `A garantia já tem ${enviadas} de ${DUPLICATA_RULES.maxFiles} duplicatas`;
  if (restantes <= 0) return `${limite}: nenhum arquivo foi enviado.`;
  return `${limite}: envie até ${restantes} ${restantes === 1 ? 'arquivo' : 'arquivos'}. Nenhum arquivo foi enviado.`;
}

async function forget(deps: { db: Db; storage: FileStorage }, files: StoredUpload[]) {
  await discardUploads(deps.storage, files);
  if (files.length) await deps.db.delete(storedFile).where(inArray(storedFile.id, files.map((f) => f.id)));
}
