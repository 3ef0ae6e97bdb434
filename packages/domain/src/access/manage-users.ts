import { NIVEL, type Nivel } from './levels.js';

/**
 * Which levels an actor may give to a user (spec §6 + DOMAIN.md Tenancy): an administrador any;
 * a franqueado usuário or franqueado, and franqueado only inside its own empresa; an usuario only
 * usuário. Nobody but an administrador ever creates or raises an administrador.
 */
export function assignableNiveis(actorNivel: Nivel, opts: { ownEmpresa: boolean } = { ownEmpresa: true }): Nivel[] {
  if (actorNivel === NIVEL.ADMINISTRADOR) return [NIVEL.USUARIO, NIVEL.ADMINISTRADOR, NIVEL.FRANQUEADO];
  if (actorNivel === NIVEL.FRANQUEADO) return opts.ownEmpresa ? [NIVEL.USUARIO, NIVEL.FRANQUEADO] : [NIVEL.USUARIO];
  return [NIVEL.USUARIO];
}
