import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa, pessoaDocumento, storedFile } from '../../db/schema/index.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import type { Actor } from '../../shared/actor.js';
import { recordDataAccess } from '../lgpd/record-acesso.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { loadPessoaInScope } from './pessoa-access.js';
import { visaoLoja } from '../../shared/pessoa-dados.js';

/**
 * GET /api/pessoa/getDocumentacao/{id}: the person's documents in the views the reader may read (a
 * shop its own, an administrador every one), marked by shop, each with an expiring link. Another
 * shop's documents — and so their links — never reach a shop. The file id only signs the link;
 * neither it nor the storage key is answered.
 */
export async function listDocumentos(db: Db, fileLinks: FileLinkSigner, actor: Actor, pessoaId: number) {
  const scope = await empresaScope(db, actor);
  await loadPessoaInScope(db, scope, pessoaId);
  const rows = await db
    .select({
      id: pessoaDocumento.id,
      file_id: storedFile.id,
      nome: storedFile.original_name,
      content_type: storedFile.content_type,
      created_at: pessoaDocumento.created_at,
      empresa_id: pessoaDocumento.empresa_id,
      fantasia: empresa.fantasia,
    })
    .from(pessoaDocumento)
    .innerJoin(storedFile, eq(storedFile.id, pessoaDocumento.file_id))
    .leftJoin(empresa, eq(empresa.id, pessoaDocumento.empresa_id))
    .where(and(eq(pessoaDocumento.pessoa_id, pessoaId), inScope(scope, pessoaDocumento.empresa_id)))
    .orderBy(asc(pessoaDocumento.id));
  if (rows.length) await recordDataAccess(db, actor, pessoaId, ['documentos']);
  return rows.map(({ file_id, fantasia, ...r }) => ({ ...r, loja: visaoLoja(fantasia), url: fileLinks.url(file_id) }));
}
