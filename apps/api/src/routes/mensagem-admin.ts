import type { FastifyInstance } from 'fastify';
import { ASSINATURA_MSG, mensagemAdminContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { reenviarMensagem } from '../modules/mensagem/reenviar-mensagem.js';

/** Operator actions on the messaging outbox (Administração > Mensagens); the list is in routes/mensagem.ts. */
export async function mensagemAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  jsonRoute(app, c.reenviar, async (request) => ({
    status: 200,
    msg: ASSINATURA_MSG.reenviada,
    data: await reenviarMensagem(ctx.database.db, ctx.jobs, request.actor, request.params.id),
  }));
}
