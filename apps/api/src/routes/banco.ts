import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bancoContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { consultarBoleto } from '../modules/banco/consultar-boleto.js';
import { getBoletoBanco } from '../modules/banco/get-boleto-banco.js';
import { listContasBanco, saveIntegracao, testarConexao } from '../modules/banco/integracao-conta.js';
import { receiveWebhook } from '../modules/banco/receive-webhook.js';
import { registrarDeNovo } from '../modules/banco/registrar-de-novo.js';

/** The raw text of each webhook body, kept before anything parses it (the bank's exact bytes are stored). */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** Banks by API (docs/banks.md): the contas' integration, a boleto at the bank, the banks' webhook. */
export async function bancoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const origin = (request: FastifyRequest) => ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

  jsonRoute(app, c.getAllContas, async (request) => ({ status: 200, msg: 'ok', data: await listContasBanco(db, ctx.bank, request.actor, origin(request)) }));

  jsonRoute(app, c.saveIntegracao, async (request) => {
    const data = await saveIntegracao(db, ctx.bank, request.actor, request.params.id, request.body, origin(request));
    return { status: 200, msg: data.modo === 'API' ? 'Integração salva: os boletos desta conta vão ao banco por API.' : 'Integração salva: esta conta trabalha com arquivos CNAB.', data };
  });

  jsonRoute(app, c.testarConexao, async (request) => ({ status: 200, msg: 'ok', data: await testarConexao(db, ctx.bank, request.actor, request.params.id) }));

  jsonRoute(app, c.getBoletoBanco, async (request) => ({ status: 200, msg: 'ok', data: await getBoletoBanco(db, request.actor, request.params.id) }));

  jsonRoute(app, c.consultarBoleto, async (request) => {
    const data = await consultarBoleto(db, ctx.bank, request.actor, request.params.id);
    return { status: 200, msg: data.liquidado ? 'O banco confirmou o pagamento: boleto liquidado.' : `Resposta do banco: ${data.estado_banco}`, data };
  });

  jsonRoute(app, c.registrarBoleto, async (request) => {
    await registrarDeNovo(db, request.actor, request.params.id);
    return { status: 200, msg: 'Registro enviado para o banco.' };
  });

  // The webhook in its own scope: its JSON parser keeps the raw text; an unreadable body is kept too
  // (stored, then refused by the job), never a parser error before the token is checked.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: 1024 * 1024 }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      rawBodies.set(request, text);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, text);
      }
    });
    jsonRoute(scope, c.webhook, async (request) => {
      await receiveWebhook(db, ctx.bank, ctx.jobs, {
        contaId: request.params.id,
        token: request.query.token,
        rawBody: rawBodies.get(request) ?? JSON.stringify(request.body ?? null),
        url: request.url,
        ip: request.ip || null,
        onRefused: (refusal) => request.log.warn(refusal, 'banco: webhook recusado'),
      });
      return { status: 200, msg: 'ok' };
    });
  });
}
