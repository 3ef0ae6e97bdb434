import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { listAudit } from '../modules/audit/list-audit.js';

export async function auditoriaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/auditoria/getAllPaginate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auditoria'],
        summary: 'Registros de auditoria',
        querystring: pagingQuerySchema.extend({
          pesquisa: z.string().trim().max(100).optional(),
          entity: z.string().trim().max(60).optional(),
          entity_id: z.string().trim().max(60).optional(),
        }),
      },
    },
    async (request) => ({ status: 200, msg: 'ok', ...(await listAudit(ctx.database.db, request.query)) }),
  );
}
