import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, usuario } from '../../db/schema/index.js';
import { offsetOf, paged } from '../../http/paging.js';

export type ListAuditInput = { page: number; per_page: number; pesquisa?: string; entity?: string; entity_id?: string };

/** Administração > Auditoria: who did what, newest first. Administradores only (route guard). */
export async function listAudit(db: Db, input: ListAuditInput) {
  const filters: SQL[] = [];
  if (input.entity) filters.push(eq(auditLog.entity, input.entity));
  if (input.entity_id) filters.push(eq(auditLog.entity_id, input.entity_id));
  if (input.pesquisa) {
    const like = `%${input.pesquisa}%`;
    filters.push(or(ilike(auditLog.action, like), ilike(usuario.name, like), ilike(auditLog.entity, like)) as SQL);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(usuario, eq(usuario.id, auditLog.usuario_id))
    .where(where);
  const rows = await db
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
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(input.per_page)
    .offset(offsetOf(input.page, input.per_page));
  return paged(rows, Number(total), input.page, input.per_page);
}
