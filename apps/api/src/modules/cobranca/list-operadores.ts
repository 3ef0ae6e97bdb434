import { asc, eq } from 'drizzle-orm';
import { NIVEL, COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';

/** GET /api/pessoa/getOperadores: the administradores, who register and work the schedules. */
export async function listOperadores(db: Db, actor: Actor) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  return db
    .select({ value: usuario.id, label: usuario.name })
    .from(usuario)
    .where(eq(usuario.nivel, NIVEL.ADMINISTRADOR))
    .orderBy(asc(usuario.name), asc(usuario.id));
}
