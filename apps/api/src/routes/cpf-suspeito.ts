import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cpfSuspeitoSchema, idParamSchema, pagingQuerySchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { addCpfSuspeito } from '../modules/cpf-suspeito/add-cpf-suspeito.js';
import { listCpfsSuspeitos } from '../modules/cpf-suspeito/list-cpfs-suspeitos.js';
import { removeCpfSuspeito } from '../modules/cpf-suspeito/remove-cpf-suspeito.js';

/** Administração > CPFs Suspeitos (administradores). The paths are ours: the spec shows none. */
export async function cpfSuspeitoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['cpfs suspeitos'];
  const config = { access: 'admin' as const };

  app.get(
    '/api/cpfSuspeito/getAllPaginate',
    { config, schema: { tags, summary: 'CPFs Suspeitos', querystring: pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() }) } },
    async (request) => ({ status: 200, msg: 'ok', ...(await listCpfsSuspeitos(db, request.query)) }),
  );

  app.post('/api/cpfSuspeito/create', { config, schema: { tags, summary: 'Incluir CPF/CNPJ suspeito', body: cpfSuspeitoSchema } }, async (request) => ({
    status: 200,
    msg: 'CPF/CNPJ incluído na lista de suspeitos.',
    data: await addCpfSuspeito(db, request.actor, request.body),
  }));

  app.post('/api/cpfSuspeito/delete/:id', { config, schema: { tags, summary: 'Remover da lista', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'CPF/CNPJ removido da lista de suspeitos.',
    data: await removeCpfSuspeito(db, request.actor, request.params.id),
  }));
}
