import type { FastifyInstance } from 'fastify';
import { mensagemContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { getMensagem, listMensagens } from '../modules/mensagem/list-mensagens.js';

/** The messaging outbox (docs/messaging.md): the admin list and one message's timeline; the send job is in jobs/catalogue.ts. */
export async function mensagemRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listMensagens(db, request.actor, request.query)) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getMensagem(db, request.actor, request.params.id) }));
}
