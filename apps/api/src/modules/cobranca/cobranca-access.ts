import { COBRANCA_MSG, NIVEL } from '@bg/domain';
import { forbidden } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';

/**
 * Cobrança is for administradores only (spec §6). The routes already require it (`access: 'admin'`);
 * each use-case checks again so no other caller (a job, a script) can skip it.
 */
export function assertAdministrador(actor: Pick<Actor, 'nivel'>): void {
  if (actor.nivel !== NIVEL.ADMINISTRADOR) throw forbidden(COBRANCA_MSG.somenteAdministrador);
}
