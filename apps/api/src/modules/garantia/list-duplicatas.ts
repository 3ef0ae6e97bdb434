import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { garantia } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import { assertVisible, empresaScope } from '../tenancy/scope.js';
import { listDuplicataFiles } from './get-garantia.js';

/** GET /api/garantia/getDuplicatas/{id}: the signed duplicatas, as expiring links (404 outside scope). */
export async function listDuplicatas(db: Db, links: FileLinkSigner, actor: Actor, id: number) {
  const [g] = await db.select({ empresa_id: garantia.empresa_id }).from(garantia).where(eq(garantia.id, id));
  if (!g) throw notFound('Garantia');
  assertVisible(await empresaScope(db, actor), g.empresa_id, 'Garantia');
  const files = await listDuplicataFiles(db, id);
  return files.map((f) => ({ id: f.id, nome: f.nome, url: links.url(f.id) }));
}
