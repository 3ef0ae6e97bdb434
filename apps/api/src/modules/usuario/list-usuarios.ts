import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa, usuario } from '../../db/schema/index.js';
import { offsetOf, paged } from '../../http/paging.js';
import type { Actor } from '../audit/record-audit.js';
import { empresaScope, inScope } from '../tenancy/scope.js';

export type ListUsuariosInput = { page: number; per_page: number; filtro?: string };

export const usuarioColumns = {
  id: usuario.id,
  name: usuario.name,
  login: usuario.login,
  email: usuario.email,
  nivel: usuario.nivel,
  setor: usuario.setor,
  empresa_id: usuario.empresa_id,
  empresa: empresa.fantasia,
  situacao: usuario.situacao,
  created_at: usuario.created_at,
};

/** GET /api/usuario/getAllPaginate ("Usuários do Sistema"): users of the empresas in scope. */
export async function listUsuarios(db: Db, actor: Actor, input: ListUsuariosInput) {
  const scope = await empresaScope(db, actor);
  const filters: SQL[] = [inScope(scope, usuario.empresa_id)];
  if (input.filtro) {
    const like = `%${input.filtro}%`;
    filters.push(or(ilike(usuario.name, like), ilike(usuario.login, like), ilike(empresa.fantasia, like)) as SQL);
  }
  const where = and(...filters);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(usuario)
    .leftJoin(empresa, eq(empresa.id, usuario.empresa_id))
    .where(where);
  const rows = await db
    .select(usuarioColumns)
    .from(usuario)
    .leftJoin(empresa, eq(empresa.id, usuario.empresa_id))
    .where(where)
    .orderBy(desc(usuario.id))
    .limit(input.per_page)
    .offset(offsetOf(input.page, input.per_page));
  return paged(rows, Number(total), input.page, input.per_page);
}
