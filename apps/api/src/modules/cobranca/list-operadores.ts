import { asc, eq } from 'drizzle-orm';
import { NIVEL } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdministrador } from './cobranca-access.js';

/** GET /api/pessoa/getOperadores: the administradores, who register and work the schedules. */
export async function listOperadores(db: Db, actor: Actor) {
  assertAdministrador(actor);
  return db
    .select({ value: usuario.id, label: usuario.name })
    .from(usuario)
    .where(eq(usuario.nivel, NIVEL.ADMINISTRADOR))
    .orderBy(asc(usuario.name), asc(usuario.id));
}
