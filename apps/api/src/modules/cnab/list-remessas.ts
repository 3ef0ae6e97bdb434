import { desc, eq, isNotNull } from 'drizzle-orm';
import { fromCents, toCents, type PagedResult, type RemessaJson } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { remessa, usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import type { PageInput } from '../../shared/paging.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import { assertAdmin } from '../tenancy/access.js';

type RemessaRow = typeof remessa.$inferSelect & { usuario: string | null };

/** A remessa row as the list and Gerar Remessa answer it, with its expiring download link. */
export function presentRemessa(links: FileLinkSigner, r: RemessaRow): RemessaJson {
  return {
    id: r.id,
    numero_arquivo: r.numero_arquivo,
    quantidade_entrada: r.quantidade_entrada,
    total_valor_entrada: fromCents(toCents(r.total_valor_entrada)),
    quantidade_baixa: r.quantidade_baixa,
    total_valor_baixa: fromCents(toCents(r.total_valor_baixa)),
    quantidade_alteracao: r.quantidade_alteracao,
    arquivo: r.arquivo,
    usuario: r.usuario,
    created_at: r.created_at,
    link: `${links.url(r.file_id as string)}&download=1`,
  };
}

/**
 * GET /api/boleto/getRemessas (administrador): newest first. Each row carries a signed link to
 * its file (nova_garantia/remessas/{arquivo}), valid for FILE_LINK_TTL seconds: the list is the
 * authorisation, GET /api/arquivo serves the bytes (docs/decisions/041).
 */
export async function listRemessas(db: Db, links: FileLinkSigner, actor: Actor, input: PageInput): Promise<PagedResult<RemessaJson>> {
  assertAdmin(actor);
  const query = db
    .select({ remessa, usuario: usuario.name })
    .from(remessa)
    .leftJoin(usuario, eq(usuario.id, remessa.usuario_id))
    .where(isNotNull(remessa.file_id))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(remessa.created_at), desc(remessa.id)] }, (r) => presentRemessa(links, { ...r.remessa, usuario: r.usuario }));
}
