import type { FastifyInstance } from 'fastify';
import { systemContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { pingDatabase } from '../modules/system/ping-database.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Polled by Playwright's webServer and deploy scripts: `status` stays the text 'ok'.
  jsonRoute(app, c.health, async () => {
    await pingDatabase(ctx.database.db);
    return { status: 'ok' as const, db: ctx.database.kind };
  });

  // Public settings the web app needs before login.
  jsonRoute(app, c.config, async () => ({ status: 200, msg: 'ok', chatUrl: ctx.config.chatUrl }));
}
