import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { usuarioColumns } from './list-usuarios.js';

/** GET /api/usuario/getById/{id}; a user of an empresa outside the scope answers 404. */
export async function getUsuario(db: Db, actor: Actor, id: number) {
  const scope = await empresaScope(db, actor);
  const [row] = await db
    .select(usuarioColumns)
    .from(usuario)
    .leftJoin(empresa, eq(empresa.id, usuario.empresa_id))
    .where(and(eq(usuario.id, id), inScope(scope, usuario.empresa_id)));
  if (!row) throw notFound('Usuário');
  return row;
}
