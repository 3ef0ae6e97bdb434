import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { toEmpresaJson } from './empresa-row.js';

/**
 * GET /api/empresa/getById/{id}; an empresa outside the actor's scope answers 404. It also carries
 * the franqueado's name (franqueado_fantasia): a franchisee's own people cannot read their
 * franchisor, yet its read-only Franqueado select must still show who it is.
 */
export async function getEmpresa(db: Db, actor: Actor, id: number) {
  const scope = await empresaScope(db, actor);
  const franqueado = alias(empresa, 'franqueado');
  const [found] = await db
    .select({ row: empresa, franqueado_fantasia: franqueado.fantasia })
    .from(empresa)
    .leftJoin(franqueado, eq(franqueado.id, empresa.franqueado_id))
    .where(and(eq(empresa.id, id), inScope(scope, empresa.id)));
  if (!found) throw notFound('Empresa');
  return { ...toEmpresaJson(found.row), franqueado_fantasia: found.franqueado_fantasia };
}
