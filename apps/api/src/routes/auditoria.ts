import type { FastifyInstance } from 'fastify';
import { auditoriaContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { listAudit } from '../modules/audit/list-audit.js';

/** Administração > Auditoria (administradores only: the contract's access). */
export async function auditoriaRoutes(app: FastifyInstance, ctx: AppContext) {
  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listAudit(ctx.database.db, request.query)) }));
}
