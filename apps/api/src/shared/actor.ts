import type { Nivel } from '@bg/domain';

/**
 * Who acted and from where. `http/auth.ts` builds it from the session; every use-case in
 * `modules/` receives it (permission, tenancy, audit). It lives here, in the shared layer, so that
 * `http/` and `modules/` depend on it without depending on each other.
 */
export type Actor = {
  id: number;
  nivel: Nivel;
  empresa_id: number | null;
  name: string;
  ip: string | null;
  /** `METHOD /api/path/:param` of the request, for the LGPD access log (absent outside requests). */
  rota?: string | null;
};
