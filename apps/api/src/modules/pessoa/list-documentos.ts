import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoaDocumento, storedFile } from '../../db/schema/index.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import type { Actor } from '../../shared/actor.js';
import { recordDataAccess } from '../lgpd/record-acesso.js';
import { loadPessoaInScope } from './pessoa-access.js';
import { empresaScope } from '../tenancy/scope.js';

/**
 * GET /api/pessoa/getDocumentacao/{id}: the person's documents, each with an expiring link. The
 * file id only signs the link; neither it nor the storage key is answered.
 */
export async function listDocumentos(db: Db, fileLinks: FileLinkSigner, actor: Actor, pessoaId: number) {
  await loadPessoaInScope(db, await empresaScope(db, actor), pessoaId);
  const rows = await db
    .select({
      id: pessoaDocumento.id,
      file_id: storedFile.id,
      nome: storedFile.original_name,
      content_type: storedFile.content_type,
      created_at: pessoaDocumento.created_at,
    })
    .from(pessoaDocumento)
    .innerJoin(storedFile, eq(storedFile.id, pessoaDocumento.file_id))
    .where(eq(pessoaDocumento.pessoa_id, pessoaId))
    .orderBy(asc(pessoaDocumento.id));
  if (rows.length) await recordDataAccess(db, actor, pessoaId, ['documentos']);
  return rows.map(({ file_id, ...r }) => ({ ...r, url: fileLinks.url(file_id) }));
}
