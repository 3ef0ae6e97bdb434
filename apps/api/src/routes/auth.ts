import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { AppError } from '../errors/app-error.js';
import { login } from '../modules/auth/login.js';
import { logout, refreshSession } from '../modules/auth/refresh-session.js';

export const REFRESH_COOKIE = 'bg_refresh';

function clientInfo(request: FastifyRequest) {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ttl = ctx.config.accessTokenTtlSeconds;

  function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, raw: string, expiresAt: Date) {
    const secure = ctx.config.cookieSecure === 'auto' ? request.protocol === 'https' : ctx.config.cookieSecure;
    reply.setCookie(REFRESH_COOKIE, raw, { httpOnly: true, sameSite: 'strict', secure, path: '/api', expires: expiresAt });
  }

  app.post(
    '/api/login',
    { config: { access: 'public' }, schema: { tags: ['sessão'], summary: 'Entrar', body: loginSchema } },
    async (request, reply) => {
      const { accessToken, refresh } = await login(ctx.database.db, request.body, clientInfo(request), ctx.session);
      setRefreshCookie(request, reply, refresh.raw, refresh.expiresAt);
      return { status: 200, msg: 'ok', access_token: accessToken, token_type: 'bearer', expires_in: ttl };
    },
  );

  app.post(
    '/api/login/refresh',
    { config: { access: 'public' }, schema: { tags: ['sessão'], summary: 'Renovar o token de acesso' } },
    async (request, reply) => {
      try {
        const { accessToken, refresh } = await refreshSession(ctx.database.db, request.cookies[REFRESH_COOKIE], clientInfo(request), ctx.session);
        setRefreshCookie(request, reply, refresh.raw, refresh.expiresAt);
        return { status: 200, msg: 'ok', access_token: accessToken, token_type: 'bearer', expires_in: ttl };
      } catch (err) {
        // a lost race keeps the cookie: the browser already holds the winner's newer token
        const lostRace = err instanceof AppError && err.code === 'CONFLICT';
        if (!lostRace) reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
        throw err;
      }
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { tags: ['sessão'], summary: 'Sair' } },
    async (request, reply) => {
      await logout(ctx.database.db, request.cookies[REFRESH_COOKIE], clientInfo(request));
      reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
      return { status: 200, msg: 'Sessão encerrada.' };
    },
  );
}
