import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { MAX_ID, pessoaContracts } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoaDocumento, storedFile } from '../../db/schema/index.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import { invalid } from '../../errors/app-error.js';
import { recordAudit, type Actor } from '../audit/record-audit.js';
import { discardUploads, receiveUploads, type UploadRules } from '../files/receive-uploads.js';
import { loadPessoaInScope, writeScope } from './pessoa-access.js';

const { multipart } = pessoaContracts.uploadDocumento;

/** Spec §5: up to 3 files at a time (the contract's limit); JPEG, PNG or PDF by content; 10 MB each (docs/cadastros.md). */
export const DOCUMENT_UPLOAD_RULES: UploadRules = { field: multipart.files, maxFiles: multipart.maxFiles, maxFileBytes: 10 * 1024 * 1024, kinds: ['jpeg', 'png', 'pdf'] };

/**
 * POST /api/pessoa/uploadDocumento (multipart: pessoa_id first, then up to 3 "arquivo"). The
 * files are streamed to storage first, then linked to the person in one transaction; if the
 * person is not in the actor's scope the stored files are removed again and the answer is 404.
 * Answers the new document ids only (the files are listed, with expiring links, by getDocumentacao).
 */
export async function uploadDocumentos(request: FastifyRequest, deps: { db: Db; storage: FileStorage }, actor: Actor) {
  const { files, fields } = await receiveUploads(request, { db: deps.db, storage: deps.storage, userId: actor.id }, DOCUMENT_UPLOAD_RULES);
  const pessoaId = Number(fields.pessoa_id);
  try {
    if (!Number.isInteger(pessoaId) || pessoaId <= 0 || pessoaId > MAX_ID) throw invalid({ pessoa_id: 'Campo obrigatório' });
    return await deps.db.transaction(async (tx) => {
      await loadPessoaInScope(tx, writeScope(actor), pessoaId, true);
      const rows = await tx
        .insert(pessoaDocumento)
        .values(files.map((f) => ({ pessoa_id: pessoaId, file_id: f.id, usuario_id: actor.id })))
        .returning({ id: pessoaDocumento.id });
      await recordAudit(tx, actor, {
        action: 'pessoa.uploadDocumento',
        entity: 'pessoa',
        entityId: pessoaId,
        summary: { arquivos: files.map((f) => ({ file_id: f.id, nome: f.original_name, tipo: f.kind, bytes: f.size_bytes })) },
      });
      return rows;
    });
  } catch (err) {
    await discardUploads(deps.storage, files);
    await deps.db.delete(storedFile).where(inArray(storedFile.id, files.map((f) => f.id)));
    throw err;
  }
}
