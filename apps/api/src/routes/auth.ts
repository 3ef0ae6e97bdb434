import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionContracts as c, twoFactorContracts } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { AppError } from '../errors/app-error.js';
import { login } from '../modules/auth/login.js';
import { loginSecondFactor } from '../modules/auth/login-2fa.js';
import { logout, refreshSession } from '../modules/auth/refresh-session.js';

export const REFRESH_COOKIE = 'bg_refresh';

function clientInfo(request: FastifyRequest) {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/** Spec §7 Session: the refresh token lives only in the HttpOnly cookie, never in the JSON. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const ttl = ctx.config.accessTokenTtlSeconds;

  function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, raw: string, expiresAt: Date) {
    const secure = ctx.config.cookieSecure === 'auto' ? request.protocol === 'https' : ctx.config.cookieSecure;
    reply.setCookie(REFRESH_COOKIE, raw, { httpOnly: true, sameSite: 'strict', secure, path: '/api', expires: expiresAt });
  }

  const tokenAnswer = (accessToken: string) => ({ status: 200, msg: 'ok', access_token: accessToken, token_type: 'bearer' as const, expires_in: ttl });

  jsonRoute(app, c.login, async (request, reply) => {
    const outcome = await login(ctx.database.db, request.body, clientInfo(request), ctx.session);
    // two-factor sign-in: no token and no cookie until POST /api/login/2fa (docs/decisions/095)
    if (outcome.kind === 'challenge') return { status: 200, msg: 'Informe o código de verificação.', requires_2fa: true, challenge: outcome.challenge };
    setRefreshCookie(request, reply, outcome.refresh.raw, outcome.refresh.expiresAt);
    return tokenAnswer(outcome.accessToken);
  });

  jsonRoute(app, twoFactorContracts.login2fa, async (request, reply) => {
    const { accessToken, refresh } = await loginSecondFactor(ctx.database.db, request.body, clientInfo(request), ctx.session);
    setRefreshCookie(request, reply, refresh.raw, refresh.expiresAt);
    return tokenAnswer(accessToken);
  });

  jsonRoute(app, c.refresh, async (request, reply) => {
    try {
      const { accessToken, refresh } = await refreshSession(ctx.database.db, request.cookies[REFRESH_COOKIE], clientInfo(request), ctx.session);
      setRefreshCookie(request, reply, refresh.raw, refresh.expiresAt);
      return tokenAnswer(accessToken);
    } catch (err) {
      // a lost race keeps the cookie: the browser already holds the winner's newer token; the
      // 409 `{ status, msg, retry: true }` answer itself comes from the error handler
      const lostRace = err instanceof AppError && err.code === 'CONFLICT';
      if (!lostRace) reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
      throw err;
    }
  });

  jsonRoute(app, c.logout, async (request, reply) => {
    await logout(ctx.database.db, request.cookies[REFRESH_COOKIE], clientInfo(request));
    reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
    return { status: 200, msg: 'Sessão encerrada.' };
  });
}
