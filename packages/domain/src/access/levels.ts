/** User levels of spec §3 and the roles/permissions derived from them (spec §6). */
export const NIVEL = { USUARIO: '1', ADMINISTRADOR: '2', FRANQUEADO: '3' } as const;
export type Nivel = (typeof NIVEL)[keyof typeof NIVEL];

export const NIVEL_LABEL: Record<Nivel, string> = {
  '1': 'Usuário',
  '2': 'Administrador',
  '3': 'Franqueado',
};

export type Role = 'usuario' | 'administrador' | 'franqueado';

/** Role names a level carries; a franqueado works the usuario screens over a wider scope. */
export function rolesForNivel(nivel: Nivel): Role[] {
  if (nivel === NIVEL.ADMINISTRADOR) return ['administrador'];
  if (nivel === NIVEL.FRANQUEADO) return ['usuario', 'franqueado'];
  return ['usuario'];
}

export const PERMISSION = {
  UPDATE_PASSWORD: 'usuario.updatePassword',
  /** Manage the own shop's API keys (Administração > Integrações; administradores need none). */
  INTEGRACOES: 'integracao.chaves',
} as const;

/** Default permissions given to a new user; stored per user so an admin can withdraw one. */
export function defaultPermissions(nivel: Nivel): string[] {
  return [...rolesForNivel(nivel), PERMISSION.UPDATE_PASSWORD, ...(nivel === NIVEL.ADMINISTRADOR ? [] : [PERMISSION.INTEGRACOES])];
}
