import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { garantia, garantiaDuplicata, storedFile, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import { assertVisible, empresaScope } from '../tenancy/scope.js';

/**
 * GET /api/garantia/getDuplicatas/{id}: the duplicatas already uploaded, in upload order — name,
 * when, who sent them, and an expiring link to view each (404 outside scope). Boletos da Garantia
 * lists them and counts what may still be sent.
 */
export async function listDuplicatas(db: Db, links: FileLinkSigner, actor: Actor, id: number) {
  const [g] = await db.select({ empresa_id: garantia.empresa_id }).from(garantia).where(eq(garantia.id, id));
  if (!g) throw notFound('Garantia');
  assertVisible(await empresaScope(db, actor), g.empresa_id, 'Garantia');
  const files = await db
    .select({ id: storedFile.id, nome: storedFile.original_name, enviado_em: garantiaDuplicata.created_at, enviado_por: usuario.name })
    .from(garantiaDuplicata)
    .innerJoin(storedFile, eq(storedFile.id, garantiaDuplicata.file_id))
    .leftJoin(usuario, eq(usuario.id, garantiaDuplicata.usuario_id))
    .where(eq(garantiaDuplicata.garantia_id, id))
    .orderBy(asc(garantiaDuplicata.id));
  return files.map((f) => ({ id: f.id, nome: f.nome, url: links.url(f.id), enviado_em: f.enviado_em, enviado_por: f.enviado_por }));
}
