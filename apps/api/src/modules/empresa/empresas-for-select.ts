import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { empresaScope, inScope } from '../tenancy/scope.js';

/** GET /api/empresa/dataForSelect: { value, label } of the empresas in the actor's scope. */
export async function empresasForSelect(db: Db, actor: Actor) {
  const scope = await empresaScope(db, actor);
  return db
    .select({ value: empresa.id, label: empresa.fantasia, situacao: empresa.situacao, franqueado_id: empresa.franqueado_id })
    .from(empresa)
    .where(inScope(scope, empresa.id))
    .orderBy(sql`lower(${empresa.fantasia})`);
}
