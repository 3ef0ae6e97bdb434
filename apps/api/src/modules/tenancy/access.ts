import { NIVEL } from '@bg/domain';
import { forbidden } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import type { EmpresaScope } from './scope.js';

/**
 * Who may act, in one place (scope.ts says who sees which empresa). The routes check the access
 * declared on their contracts too (`access: 'admin'`, http/auth.ts); each use-case checks again so
 * no other caller (a job, a script, the seed) can skip it. Messages are each screen's own wording.
 */
export const ADMIN_ONLY = 'Acesso restrito aos administradores.';

export function isAdministrador(actor: Pick<Actor, 'nivel'>): boolean {
  return actor.nivel === NIVEL.ADMINISTRADOR;
}

/**
 * 403 for anyone but an administrador. `message`: the feature's wording (ADMIN_ONLY, the cobrança's
 * COBRANCA_MSG.somenteAdministrador); default the generic "Você não tem permissão para esta ação.".
 */
export function assertAdmin(actor: Pick<Actor, 'nivel'>, message?: string): void {
  if (!isAdministrador(actor)) throw forbidden(message);
}

/** May the actor change a record of this empresa? Its own empresa's users, or an administrador. */
export function mayWriteFor(actor: Pick<Actor, 'nivel' | 'empresa_id'>, empresaId: number | null | undefined): boolean {
  return isAdministrador(actor) || (actor.empresa_id != null && actor.empresa_id === empresaId);
}

/**
 * The empresas whose records the actor may change: all for an administrador, else its own only — a
 * franqueado reads its franchisees' records (empresaScope) but does not edit them (DOMAIN.md).
 */
export function writeScope(actor: Pick<Actor, 'nivel' | 'empresa_id'>): EmpresaScope {
  if (isAdministrador(actor)) return { all: true };
  return actor.empresa_id == null ? { all: false, visible: [], own: null } : { all: false, visible: [actor.empresa_id], own: actor.empresa_id };
}
