import { NIVEL, PERMISSION } from '@bg/domain';
import type { CurrentUser } from './auth';

type Who = Pick<CurrentUser, 'nivel'> & Partial<Pick<CurrentUser, 'permissoes'>>;

/** Administração > Integrações (decision 117): administradores, and a shop's user holding the permission. */
export const canManageApiKeys = (user: Who): boolean => user.nivel === NIVEL.ADMINISTRADOR || (user.permissoes ?? []).includes(PERMISSION.INTEGRACOES);

/** DOMAIN.md Tenancy: administradores and franqueados create empresas (a franqueado's become its franchisees); an usuario cannot. */
export const canCreateEmpresa = (user: Who): boolean => user.nivel === NIVEL.ADMINISTRADOR || user.nivel === NIVEL.FRANQUEADO;

/**
 * Routes open to some levels only, beyond the route table's admin/user access: the router refuses
 * them up front (as it does admin routes), so nobody fills a form only to get a 403 at the end.
 */
const ROUTE_PERMISSIONS: Record<string, (user: Who) => boolean> = {
  '/administracao/empresas/nova': canCreateEmpresa,
  '/administracao/integracoes': canManageApiKeys,
};

export const routeAllowed = (path: string, user: Who): boolean => ROUTE_PERMISSIONS[path]?.(user) ?? true;

export const MSG_NO_PERMISSION = 'Você não tem permissão para acessar esta funcionalidade.';
