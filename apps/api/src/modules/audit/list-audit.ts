import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, usuario } from '../../db/schema/index.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';

export type ListAuditInput = { page: number; per_page: number; pesquisa?: string; entity?: string; entity_id?: string };

/** Administração > Auditoria: who did what, newest first. Administradores only (route guard). */
export async function listAudit(db: Db, input: ListAuditInput) {
  const query = db
    .select({
      id: auditLog.id,
      occurred_at: auditLog.occurred_at,
      usuario: usuario.name,
      ip: auditLog.ip,
      action: auditLog.action,
      entity: auditLog.entity,
      entity_id: auditLog.entity_id,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .leftJoin(usuario, eq(usuario.id, auditLog.usuario_id))
    .where(
      and(
        input.entity ? eq(auditLog.entity, input.entity) : undefined,
        input.entity_id ? eq(auditLog.entity_id, input.entity_id) : undefined,
        textSearch(input.pesquisa, { text: [auditLog.action, usuario.name, auditLog.entity] }),
      ),
    )
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(auditLog.id)] });
}
