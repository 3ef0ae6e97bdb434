import type { FastifyInstance } from 'fastify';
import { mensagemContracts as c } from '@bg/domain';
import { messagingFromEnv } from '../adapters/messaging/messaging-from-env.js';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { listMensagens } from '../modules/mensagem/list-mensagens.js';
import '../modules/mensagem/send-mensagem-job.js';

/** The messaging outbox (docs/cobranca.md "Messaging outbox"): the admin list; the send job is defined on import. */
export async function mensagemRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  // a wrong MESSAGING_PROVIDER / MESSAGING_WEBHOOK_URL fails the start, not the first message
  messagingFromEnv(process.env, app.log);

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listMensagens(db, request.actor, request.query)) }));
}
