import { eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { NIVEL } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { notFound, type NotFoundEntity } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';

/**
 * Tenancy of DOMAIN.md. administrador: everything. usuario: its own empresa. franqueado: its own
 * empresa plus the empresas whose franqueado_id is its empresa (read only for the latter).
 * Records outside the scope answer 404 (never 403, never the record).
 */
export type EmpresaScope = { all: true } | { all: false; visible: number[]; own: number | null };

export async function empresaScope(db: DbOrTx, actor: Pick<Actor, 'nivel' | 'empresa_id'>): Promise<EmpresaScope> {
  if (actor.nivel === NIVEL.ADMINISTRADOR) return { all: true };
  if (actor.empresa_id == null) return { all: false, visible: [], own: null };
  if (actor.nivel === NIVEL.FRANQUEADO) {
    const rows = await db
      .select({ id: empresa.id })
      .from(empresa)
      .where(or(eq(empresa.id, actor.empresa_id), eq(empresa.franqueado_id, actor.empresa_id)));
    return { all: false, visible: rows.map((r) => r.id), own: actor.empresa_id };
  }
  return { all: false, visible: [actor.empresa_id], own: actor.empresa_id };
}

/** SQL condition "column's empresa is visible" (true for administradores). */
export function inScope(scope: EmpresaScope, column: SQLWrapper): SQL {
  if (scope.all) return sql`true`;
  if (!scope.visible.length) return sql`false`;
  return sql`${column} in (${sql.join(scope.visible.map((id) => sql`${id}`), sql`, `)})`;
}

export function canSee(scope: EmpresaScope, empresaId: number | null | undefined): boolean {
  return scope.all || (empresaId != null && scope.visible.includes(empresaId));
}

/** Throws 404 when the empresa is outside the scope. */
export function assertVisible(scope: EmpresaScope, empresaId: number | null | undefined, what: NotFoundEntity = 'Registro'): void {
  if (!canSee(scope, empresaId)) throw notFound(what);
}

/**
 * People are visible to an usuario/franqueado when a visible empresa has a view of them — every
 * guarantee request makes (or refreshes) its shop's view, so: when they appear in a guarantee of a
 * visible empresa (DOMAIN.md, decision 104). The condition expects the pessoa id column.
 */
export function pessoaInScope(scope: EmpresaScope, pessoaIdColumn: SQLWrapper): SQL {
  if (scope.all) return sql`true`;
  if (!scope.visible.length) return sql`false`;
  return sql`exists (select 1 from pessoa_visao pv where pv.pessoa_id = ${pessoaIdColumn} and pv.empresa_id in (${sql.join(
    scope.visible.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}
