import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa, usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
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
  const search = textSearch(input.filtro, { text: [usuario.name, usuario.login, empresa.fantasia] });
  const query = db
    .select(usuarioColumns)
    .from(usuario)
    .leftJoin(empresa, eq(empresa.id, usuario.empresa_id))
    .where(and(inScope(scope, usuario.empresa_id), search))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(usuario.id)] });
}
