import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../http/context.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    await ctx.database.db.execute(sql`select 1`);
    return { status: 'ok', db: ctx.database.kind };
  });
  // Public settings the web app needs before login.
  app.get('/api/config', { config: { access: 'public' }, schema: { tags: ['sessão'] } }, async () => ({
    status: 200,
    msg: 'ok',
    chatUrl: ctx.config.chatUrl,
  }));
}
