import { SOMENTE_LEITURA_MSG } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { forbidden, notFound, type NotFoundEntity } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { mayWriteFor } from './access.js';
import { assertVisible, empresaScope } from './scope.js';

/**
 * Before changing a record of `empresaId`: its own empresa's users and administradores pass; one
 * outside the actor's sight answers 404 (it "does not exist" for them); a franqueado looking at its
 * franchisee's record is told it reads only (403 with SOMENTE_LEITURA_MSG) instead of a 404 about
 * a record it has on screen.
 */
export async function assertWritable(db: DbOrTx, actor: Pick<Actor, 'nivel' | 'empresa_id'>, empresaId: number | null | undefined, what: NotFoundEntity): Promise<void> {
  if (empresaId == null) throw notFound(what);
  if (mayWriteFor(actor, empresaId)) return;
  assertVisible(await empresaScope(db, actor), empresaId, what);
  throw forbidden(SOMENTE_LEITURA_MSG);
}
