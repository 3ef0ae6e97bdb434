import type { FastifyInstance } from 'fastify';
import { jobContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { getJobRun } from '../jobs/get-job-run.js';

/** Background job runs (docs/decisions/040-job-queue.md): what a screen polls to show progress. */
export async function jobRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getJobRun(db, request.actor, request.params.id) }));
}
