import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MSG, webhookContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { atualizarWebhook } from '../modules/integracao/webhooks/atualizar-webhook.js';
import { criarWebhook } from '../modules/integracao/webhooks/criar-webhook.js';
import { enviarTeste } from '../modules/integracao/webhooks/enviar-teste.js';
import { listarEntregas } from '../modules/integracao/webhooks/listar-entregas.js';
import { listarWebhooks } from '../modules/integracao/webhooks/listar-webhooks.js';
import { obterWebhook } from '../modules/integracao/webhooks/obter-webhook.js';
import { pausarWebhook } from '../modules/integracao/webhooks/pausar-webhook.js';
import { reativarWebhook } from '../modules/integracao/webhooks/reativar-webhook.js';
import { reenviarEventos } from '../modules/integracao/webhooks/reenviar-eventos.js';
import { removerWebhook } from '../modules/integracao/webhooks/remover-webhook.js';
import { rotacionarSegredo } from '../modules/integracao/webhooks/rotacionar-segredo.js';

/** The shops' webhooks (issue 28, docs/api.md "Webhooks"): endpoints, delivery log, resends, test event. */
export async function integracaoWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const deps = { box: ctx.bank.box, privateUrls: ctx.webhooks.privateUrls };

  jsonRoute(app, c.criar, async (request) => ({ status: 200, msg: WEBHOOK_MSG.criado, data: await criarWebhook(db, deps, request.actor, request.body) }));
  jsonRoute(app, c.listar, async (request) => ({ status: 200, msg: 'ok', ...(await listarWebhooks(db, request.actor, request.query)) }));
  jsonRoute(app, c.obter, async (request) => ({ status: 200, msg: 'ok', data: await obterWebhook(db, request.actor, request.params.id) }));
  jsonRoute(app, c.atualizar, async (request) => ({
    status: 200,
    msg: WEBHOOK_MSG.atualizado,
    data: await atualizarWebhook(db, deps, request.actor, request.params.id, request.body),
  }));
  jsonRoute(app, c.remover, async (request) => {
    await removerWebhook(db, request.actor, request.params.id);
    return { status: 200, msg: WEBHOOK_MSG.removido };
  });
  jsonRoute(app, c.rotacionar, async (request) => ({
    status: 200,
    msg: WEBHOOK_MSG.segredoRotacionado,
    data: await rotacionarSegredo(db, deps.box, request.actor, request.params.id, request.body.horas_sobreposicao),
  }));
  jsonRoute(app, c.pausar, async (request) => ({ status: 200, msg: WEBHOOK_MSG.pausado, data: await pausarWebhook(db, request.actor, request.params.id) }));
  jsonRoute(app, c.reativar, async (request) => {
    const data = await reativarWebhook(db, request.actor, request.params.id);
    return { status: 200, msg: WEBHOOK_MSG.reativado, data };
  });
  jsonRoute(app, c.entregas, async (request) => ({ status: 200, msg: 'ok', ...(await listarEntregas(db, request.actor, request.params.id, request.query)) }));
  jsonRoute(app, c.reenviar, async (request) => ({ status: 200, msg: WEBHOOK_MSG.reenvioAgendado, data: await reenviarEventos(db, request.actor, request.params.id, request.body) }));
  jsonRoute(app, c.teste, async (request) => ({ status: 200, msg: WEBHOOK_MSG.testeAgendado, data: await enviarTeste(db, request.actor, request.params.id) }));
}
