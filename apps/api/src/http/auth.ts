import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, NIVEL } from '@bg/domain';
import type { Db } from '../db/client.js';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../modules/audit/record-audit.js';
import { accessRefusal, loadSessionUser, type SessionUser } from '../modules/auth/session-user.js';

/**
 * Default-deny authorisation: every /api route needs a valid access token unless its config says
 * `access: 'public'`; `access: 'admin'` also needs nivel 2. The user is loaded on every request,
 * so blocking a user (or its empresa) or changing its password ends its access tokens at once.
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

type AccessClaims = { sub: string; tv: number };

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('sessionUser', null as unknown as SessionUser);
  app.decorateRequest('actor', null as unknown as Actor & { permissoes: string[] });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access: RouteAccess = route.config?.access ?? 'authenticated';
    if (access === 'public') return;
    const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
      await authenticate(request, db);
      if (access === 'admin' && request.sessionUser.nivel !== NIVEL.ADMINISTRADOR) {
        throw new AppError('FORBIDDEN', 'Acesso restrito aos administradores.');
      }
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [guard, ...existing];
  });
}

async function authenticate(request: FastifyRequest, db: Db): Promise<void> {
  let claims: AccessClaims;
  try {
    claims = await request.jwtVerify<AccessClaims>();
  } catch {
    throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  }
  const user = await loadSessionUser(db, { id: Number(claims.sub) });
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
    permissoes: user.permissoes,
  };
}

export function signAccessTokenWith(app: FastifyInstance, ttlSeconds: number) {
  return (user: { id: number; token_version: number }) =>
    app.jwt.sign({ sub: String(user.id), tv: user.token_version } satisfies AccessClaims, { expiresIn: ttlSeconds });
}
