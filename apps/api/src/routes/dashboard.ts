import type { FastifyInstance } from 'fastify';
import { dashboardContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { getResumo } from '../modules/dashboard/get-resumo.js';

/** Início: one call for every card of the actor's role. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getResumo, async (request) => ({ status: 200, msg: 'ok', data: await getResumo(db, request.actor) }));
}
