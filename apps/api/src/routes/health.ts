import type { FastifyInstance } from 'fastify';
import { systemContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { checkHealth } from '../modules/system/check-health.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Polled by Playwright's webServer and deploy scripts: `status` stays the text 'ok'; 'degraded'
  // (the database stopped or its disk full, decision 107) is a 503 with the reason in `msg`.
  jsonRoute(app, c.health, async (_request, reply) => {
    const health = await checkHealth(ctx.database);
    if (health.status === 'degraded') reply.code(503);
    return { ...health, db: ctx.database.kind };
  });

  // Public settings the web app needs before login.
  jsonRoute(app, c.config, async () => ({ status: 200, msg: 'ok', chatUrl: ctx.config.chatUrl }));
}
