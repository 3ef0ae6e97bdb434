import { and, eq, isNull } from 'drizzle-orm';
import { PERMISSION, WEBHOOK_MSG } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { AppError, forbidden, notFound } from '../../../errors/app-error.js';
import type { Actor } from '../../../shared/actor.js';
import { isAdministrador } from '../../tenancy/access.js';

/** The actor as routes hand it: the session's user with its stored permissions (http/auth.ts). */
export type GestorWebhooks = Actor & { permissoes?: readonly string[] };

/**
 * Who manages a shop's webhooks (issue 28), the API keys' rule (decision 117,
 * integracao/chaves/acesso.ts): administradores for any shop; a user of the shop (usuario or
 * franqueado) holding PERMISSION.INTEGRACOES for its own shop only — a franqueado does not manage
 * its franchisees' integrations. Without a `permissoes` list (a job, a script) only an administrador.
 */
function temPermissao(actor: GestorWebhooks): boolean {
  return actor.empresa_id != null && (actor.permissoes ?? []).includes(PERMISSION.INTEGRACOES);
}

export function mayManage(actor: GestorWebhooks, empresaId: number): boolean {
  return isAdministrador(actor) || (temPermissao(actor) && actor.empresa_id === empresaId);
}

/** 403 without the permission; 404 for another shop (outside the actor's own, it "does not exist"). */
export function assertMayManage(actor: GestorWebhooks, empresaId: number): void {
  if (isAdministrador(actor)) return;
  if (!temPermissao(actor)) throw forbidden(WEBHOOK_MSG.semPermissao);
  if (actor.empresa_id !== empresaId) throw notFound('Empresa');
}

/** The empresas whose webhooks the actor lists: null for all (administrador), else its own only. */
export function empresasVisiveis(actor: GestorWebhooks): number[] | null {
  if (isAdministrador(actor)) return null;
  return temPermissao(actor) && actor.empresa_id != null ? [actor.empresa_id] : [];
}

export const webhookNaoEncontrado = () => new AppError('NOT_FOUND', WEBHOOK_MSG.naoEncontrado);

/**
 * A webhook the actor manages, locked when `lock` (a change checks its current state under the
 * lock). Another shop's (or a removed) webhook is 404: its existence is not told.
 */
export async function webhookDoAtor(tx: DbOrTx, actor: GestorWebhooks, id: number, lock = false) {
  const query = tx.select().from(integracaoWebhook).where(and(eq(integracaoWebhook.id, id), isNull(integracaoWebhook.removido_em)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !mayManage(actor, row.empresa_id)) throw webhookNaoEncontrado();
  return row;
}
