import { and, eq, isNull } from 'drizzle-orm';
import { NIVEL, WEBHOOK_MSG } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { AppError, forbidden } from '../../../errors/app-error.js';
import type { Actor } from '../../../shared/actor.js';
import { isAdministrador } from '../../tenancy/access.js';

/**
 * Who manages a shop's webhooks (issue 28): administradores for any shop, a usuário of the shop for
 * its own — the API keys' tenancy. A franqueado reads its franchisees' records but edits none of
 * them (DOMAIN.md), so it manages no shop's webhooks.
 */
export function mayManage(actor: Pick<Actor, 'nivel' | 'empresa_id'>, empresaId: number): boolean {
  return isAdministrador(actor) || (actor.nivel === NIVEL.USUARIO && actor.empresa_id != null && actor.empresa_id === empresaId);
}

export function assertMayManage(actor: Pick<Actor, 'nivel' | 'empresa_id'>, empresaId: number): void {
  if (!mayManage(actor, empresaId)) throw forbidden(WEBHOOK_MSG.semPermissao);
}

/** The empresas whose webhooks the actor lists: null for all (administrador), else its own only. */
export function empresasVisiveis(actor: Pick<Actor, 'nivel' | 'empresa_id'>): number[] | null {
  if (isAdministrador(actor)) return null;
  return actor.nivel === NIVEL.USUARIO && actor.empresa_id != null ? [actor.empresa_id] : [];
}

export const webhookNaoEncontrado = () => new AppError('NOT_FOUND', WEBHOOK_MSG.naoEncontrado);

/**
 * A webhook the actor manages, locked when `lock` (a change checks its current state under the
 * lock). Another shop's (or a removed) webhook is 404: its existence is not told.
 */
export async function webhookDoAtor(tx: DbOrTx, actor: Actor, id: number, lock = false) {
  const query = tx.select().from(integracaoWebhook).where(and(eq(integracaoWebhook.id, id), isNull(integracaoWebhook.removido_em)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !mayManage(actor, row.empresa_id)) throw webhookNaoEncontrado();
  return row;
}
