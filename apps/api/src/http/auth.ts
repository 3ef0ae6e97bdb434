import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, NIVEL, TWO_FACTOR_MSG, TWO_FACTOR_SETUP_PATHS } from '@bg/domain';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../shared/actor.js';
import { accessRefusal, twoFactorSetupRequired, type RequestUserLoader, type SessionUser } from '../modules/auth/session-user.js';
import { ADMIN_ONLY } from '../modules/tenancy/access.js';

/**
 * Default-deny authorisation: every /api route needs a valid access token unless its config says
 * `access: 'public'`; `access: 'admin'` also needs nivel 2. Checked first (onRequest), before the
 * body is parsed. The user is loaded on every request, so blocking a user (or its empresa) or
 * changing its password ends its access tokens at once.
 */
export type RouteAccess = 'public' | 'authenticated' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    sessionUser: SessionUser;
    actor: Actor & { permissoes: string[] };
  }
}

/**
 * `mfa: 'setup-required'`: issued to an administrador who must set up two-factor sign-in
 * (REQUIRE_ADMIN_2FA) and has not; such a token opens only TWO_FACTOR_SETUP_PATHS (and the public
 * logout/refresh) until it is set up — checked again against the user's row on every request.
 */
type AccessClaims = { sub: string; tv: number; mfa?: 'setup-required' };

/**
 * What every access token of ours carries (signAccessTokenWith): a user id, a token version, the
 * issue and expiry times, maybe the mfa mark. A token with a valid signature but without any of
 * them — no `exp` above all, which would never expire — is refused (decision 106); @fastify/jwt's
 * `requiredClaims` (app.ts) refuses missing ones, this refuses wrong types too.
 */
function isAccessClaims(claims: unknown): claims is AccessClaims & { exp: number; iat: number } {
  if (typeof claims !== 'object' || claims === null) return false;
  const c = claims as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    /^[1-9]\d{0,9}$/.test(c.sub) &&
    Number.isSafeInteger(c.tv) &&
    (c.tv as number) >= 0 &&
    typeof c.exp === 'number' &&
    Number.isFinite(c.exp) &&
    typeof c.iat === 'number' &&
    Number.isFinite(c.iat) &&
    (c.mfa === undefined || c.mfa === 'setup-required')
  );
}

export type AuthOptions = { requireAdmin2fa: boolean };

/** `loadUser`: the session user's prepared statement, made once by buildApp (session-user.ts). */
export function registerAuth(app: FastifyInstance, loadUser: RequestUserLoader, opts: AuthOptions = { requireAdmin2fa: false }): void {
  // set by the onRequest guard before any handler reads them; fastify's null form takes a dependency list
  app.decorateRequest('sessionUser', null, []);
  app.decorateRequest('actor', null, []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access: RouteAccess = route.config?.access ?? 'authenticated';
    if (access === 'public') return;
    const openDuringSetup = TWO_FACTOR_SETUP_PATHS.includes(route.url);
    const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
      const setupPending = await authenticate(request, loadUser, opts);
      if (setupPending && !openDuringSetup) {
        throw new AppError('FORBIDDEN', TWO_FACTOR_MSG.setupRequired, { extra: { mfa: 'setup-required' } });
      }
      if (access === 'admin' && request.sessionUser.nivel !== NIVEL.ADMINISTRADOR) {
        throw new AppError('FORBIDDEN', ADMIN_ONLY);
      }
    };
    // onRequest: before the body is read or validated, so a caller without the access never gets
    // the server to parse its payload, nor learns the input rules from a 422 (docs/security.md).
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}

/** Loads the session; answers whether it is still waiting for the two-factor setup. */
async function authenticate(request: FastifyRequest, loadUser: RequestUserLoader, opts: AuthOptions): Promise<boolean> {
  // no token at all is a visitor who has not logged in, not a session that ended
  if (!request.headers.authorization) throw new AppError('UNAUTHENTICATED', MSG.loginRequired);
  let claims: unknown;
  try {
    claims = await request.jwtVerify();
  } catch {
    throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  }
  if (!isAccessClaims(claims)) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  const user = await loadUser(Number(claims.sub));
  if (!user || user.token_version !== claims.tv) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  const refusal = accessRefusal(user);
  if (refusal) throw new AppError('UNAUTHENTICATED', refusal);
  const { password_hash: _ignored, ...sessionUser } = user;
  request.sessionUser = sessionUser;
  request.actor = {
    id: user.id,
    nivel: user.nivel,
    empresa_id: user.empresa_id,
    name: user.name,
    ip: request.ip ?? null,
    rota: `${request.method} ${request.routeOptions.url ?? ''}`,
    permissoes: user.permissoes,
  };
  return !user.two_factor && (claims.mfa === 'setup-required' || twoFactorSetupRequired(user, opts.requireAdmin2fa));
}

export function signAccessTokenWith(app: FastifyInstance, ttlSeconds: number, requireAdmin2fa = false) {
  return (user: Pick<SessionUser, 'id' | 'token_version' | 'nivel' | 'two_factor'>) => {
    const claims: AccessClaims = { sub: String(user.id), tv: user.token_version };
    if (twoFactorSetupRequired(user, requireAdmin2fa)) claims.mfa = 'setup-required';
    return app.jwt.sign(claims, { expiresIn: ttlSeconds });
  };
}
