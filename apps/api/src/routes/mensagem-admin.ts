import type { FastifyInstance } from 'fastify';
import { ASSINATURA_MSG, mensagemAdminContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { getConsentimento, registrarConsentimentoOperador } from '../modules/mensagem/consentimento-pessoa.js';
import { reenviarMensagem } from '../modules/mensagem/reenviar-mensagem.js';

/** Operator actions on the messaging outbox (Administração > Mensagens) and a person's consent per channel; the list is in routes/mensagem.ts. */
export async function mensagemAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.reenviar, async (request) => ({
    status: 200,
    msg: ASSINATURA_MSG.reenviada,
    data: await reenviarMensagem(db, ctx.jobs, request.actor, request.params.id),
  }));

  jsonRoute(app, c.getConsentimento, async (request) => ({ status: 200, msg: 'ok', data: await getConsentimento(db, request.actor, request.params.id) }));

  jsonRoute(app, c.registrarConsentimento, async (request) => {
    await registrarConsentimentoOperador(db, request.actor, request.params.id, request.body);
    return { status: 200, msg: request.body.aceito ? 'Aceitação do canal registrada.' : 'Recusa do canal registrada: nada mais será enviado por ele.' };
  });
}
