import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { ID_INVALID, idParam, PESSOA_DOCUMENTO_MAX_FILES, pessoaContracts } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoaDocumento, storedFile } from '../../db/schema/index.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import { AppError, invalid } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import type { MultipartUpload } from '../files/multipart-upload.js';
import { discardUploads, receiveUploads, type UploadRules } from '../files/receive-uploads.js';
import { writableVisao } from './visoes.js';

const { multipart } = pessoaContracts.uploadDocumento;

/** Spec §5: up to 3 files (the contract's limit); JPEG, PNG or PDF by content; 10 MB each (docs/cadastros.md). */
export const DOCUMENT_UPLOAD_RULES: UploadRules = { field: multipart.files, maxFiles: multipart.maxFiles, maxFileBytes: 10 * 1024 * 1024, kinds: ['jpeg', 'png', 'pdf'] };

/**
 * POST /api/pessoa/uploadDocumento (multipart: pessoa_id — and, for an administrador, the shop's
 * empresa_id — first, then up to 3 "arquivo"): the person screen's upload and the wizard's (it
 * sends the documents after the request succeeds). The files go to the actor's view of the person
 * (decision 104; an administrador's: the shop it names, else its own view). They are streamed to
 * storage first, then linked in one transaction that locks the view's row (FOR UPDATE) and counts
 * the documents the view already has: a view keeps at most PESSOA_DOCUMENTO_MAX_FILES whichever way
 * they came in, two uploads at once are counted one after the other, and another shop's documents
 * never count. If the person is out of the actor's scope (404) or the view would pass the limit
 * (409), the stored files are removed again. Answers the new document ids only (the files are
 * listed, with expiring links, by getDocumentacao).
 */
export async function uploadDocumentos(upload: MultipartUpload, deps: { db: Db; storage: FileStorage }, actor: Actor) {
  const { files, fields } = await receiveUploads(upload, { db: deps.db, storage: deps.storage, userId: actor.id }, DOCUMENT_UPLOAD_RULES);
  // ids as every id from the wire: plain decimal digits (idParam)
  const pessoa = idParam.safeParse(fields.pessoa_id);
  const empresa = fields.empresa_id ? idParam.safeParse(fields.empresa_id) : null;
  try {
    if (!pessoa.success) throw invalid({ pessoa_id: 'Campo obrigatório' });
    if (empresa && !empresa.success) throw invalid({ empresa_id: ID_INVALID });
    const pessoaId = pessoa.data;
    const empresaId = empresa?.data ?? null;
    return await deps.db.transaction(async (tx) => {
      const visao = await writableVisao(tx, actor, pessoaId, empresaId);
      const daVisao = and(
        eq(pessoaDocumento.pessoa_id, pessoaId),
        visao.empresa_id === null ? isNull(pessoaDocumento.empresa_id) : eq(pessoaDocumento.empresa_id, visao.empresa_id),
      );
      const [{ existing }] = await tx.select({ existing: count() }).from(pessoaDocumento).where(daVisao);
      if (existing + files.length > PESSOA_DOCUMENTO_MAX_FILES) throw new AppError('CONFLICT', documentLimitText(existing));
      const rows = await tx
        .insert(pessoaDocumento)
        .values(files.map((f) => ({ pessoa_id: pessoaId, empresa_id: visao.empresa_id, file_id: f.id, usuario_id: actor.id })))
        .returning({ id: pessoaDocumento.id });
      await recordAudit(tx, actor, {
        action: 'pessoa.uploadDocumento',
        entity: 'pessoa',
        entityId: pessoaId,
        summary: { empresa_id: visao.empresa_id, arquivos: files.map((f) => ({ file_id: f.id, nome: f.original_name, tipo: f.kind, bytes: f.size_bytes })) },
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
