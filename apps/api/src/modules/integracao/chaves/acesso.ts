import { CHAVE_MSG, PERMISSION } from '@bg/domain';
import { AppError, forbidden } from '../../../errors/app-error.js';
import type { Actor } from '../../../shared/actor.js';
import { isAdministrador } from '../../tenancy/access.js';

/** The session's actor with the user's stored permissions (http/auth.ts). */
export type GestorChaves = Actor & { permissoes: readonly string[] };

/**
 * Who manages a shop's API keys (decision 117): administradores for any shop; a user of the shop
 * (usuario or franqueado) holding PERMISSION.INTEGRACOES, for its own shop only — a franqueado's
 * franchisees make their own keys (a key acts as its shop, DOMAIN.md "Tenancy").
 */
export function assertGerenciaChaves(actor: GestorChaves): void {
  if (isAdministrador(actor)) return;
  if (!actor.permissoes.includes(PERMISSION.INTEGRACOES) || actor.empresa_id == null) throw forbidden(CHAVE_MSG.semPermissao);
}

/** The shops whose keys the actor manages: null for all (administrador), else its own. */
export function empresaDasChaves(actor: GestorChaves): number | null {
  assertGerenciaChaves(actor);
  return isAdministrador(actor) ? null : actor.empresa_id;
}

export const chaveNaoEncontrada = () => new AppError('NOT_FOUND', CHAVE_MSG.naoEncontrada);
