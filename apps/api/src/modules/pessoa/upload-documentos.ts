import { count, eq, inArray } from 'drizzle-orm';
import { MAX_ID, PESSOA_DOCUMENTO_MAX_FILES, pessoaContracts } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoaDocumento, storedFile } from '../../db/schema/index.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import { AppError, invalid } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import type { MultipartUpload } from '../files/multipart-upload.js';
import { discardUploads, receiveUploads, type UploadRules } from '../files/receive-uploads.js';
import { writeScope } from '../tenancy/access.js';
import { loadPessoaInScope } from './pessoa-access.js';

const { multipart } = pessoaContracts.uploadDocumento;

/** Spec §5: up to 3 files (the contract's limit); JPEG, PNG or PDF by content; 10 MB each (docs/cadastros.md). */
export const DOCUMENT_UPLOAD_RULES: UploadRules = { field: multipart.files, maxFiles: multipart.maxFiles, maxFileBytes: 10 * 1024 * 1024, kinds: ['jpeg', 'png', 'pdf'] };

/**
 * POST /api/pessoa/uploadDocumento (multipart: pessoa_id first, then up to 3 "arquivo"): the
 * person screen's upload and the wizard's (it sends the documents after the request succeeds).
 * The files are streamed to storage first, then linked to the person in one transaction that
 * locks the person row (FOR UPDATE) and counts the documents it already has: a person keeps at
 * most PESSOA_DOCUMENTO_MAX_FILES whichever way they came in, and two uploads at once are counted
 * one after the other. If the person is out of the actor's scope (404) or would pass the limit
 * (409), the stored files are removed again. Answers the new document ids only (the files are
 * listed, with expiring links, by getDocumentacao).
 */
export async function uploadDocumentos(upload: MultipartUpload, deps: { db: Db; storage: FileStorage }, actor: Actor) {
  const { files, fields } = await receiveUploads(upload, { db: deps.db, storage: deps.storage, userId: actor.id }, DOCUMENT_UPLOAD_RULES);
  const pessoaId = Number(fields.pessoa_id);
  try {
    if (!Number.isInteger(pessoaId) || pessoaId <= 0 || pessoaId > MAX_ID) throw invalid({ pessoa_id: 'Campo obrigatório' });
    return await deps.db.transaction(async (tx) => {
      await loadPessoaInScope(tx, writeScope(actor), pessoaId, true);
      const [{ existing }] = await tx.select({ existing: count() }).from(pessoaDocumento).where(eq(pessoaDocumento.pessoa_id, pessoaId));
      if (existing + files.length > PESSOA_DOCUMENTO_MAX_FILES) throw new AppError('CONFLICT', documentLimitText(existing));
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

function documentLimitText(existing: number): string {
  const max = PESSOA_DOCUMENTO_MAX_FILES;
  if (existing >= max) return `Esta pessoa já tem os ${max} documentos permitidos.`;
  const left = max - existing;
  return `Esta pessoa já tem ${existing} ${existing === 1 ? 'documento' : 'documentos'} e o limite é ${max}: envie no máximo ${left}.`;
}
