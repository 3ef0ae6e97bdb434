import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  API_V1_ESCOPO,
  API_V1_MSG,
  apiV1Contracts as c,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_REPLAY_HEADER,
  PERMISSION,
  WEBHOOK_MSG,
  type ApiEscopo,
  type ContractDefinition,
  type ContractReply,
} from '@bg/domain';
import { AppError } from '../errors/app-error.js';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { countHit } from '../http/rate-limit.js';
import { SPA_CSP } from '../http/security-headers.js';
import { assertEscopo, assertIpPermitido, autenticarChave, registrarUso, type ChaveActor, type ChaveAutenticada } from '../modules/integracao/api-v1/autenticar.js';
import { comIdempotencia, hashCorpo, idempotencyKeyDe } from '../modules/integracao/api-v1/idempotencia.js';
import { getBoletoV1, getGarantiaV1, garantiaDoBoletoDaLoja, listBoletosV1, reciboTokenV1 } from '../modules/integracao/api-v1/ler.js';
import { registrarChamada } from '../modules/integracao/api-v1/registrar-chamada.js';
import { solicitarGarantiaV1 } from '../modules/integracao/api-v1/solicitar-garantia.js';
import { comprovanteData } from '../modules/boletos/comprovante-data.js';
import { prepareGarantiaForPrint, slipsOf } from '../modules/boletos/slip-source.js';
import { writeBoletoPage } from '../pdf/boleto-pdf.js';
import { writeCarne } from '../pdf/carne-pdf.js';
import { writeComprovante } from '../pdf/comprovante.js';
import { streamPdf } from '../pdf/stream-pdf.js';
import { criarWebhook } from '../modules/integracao/webhooks/criar-webhook.js';
import { enviarTeste } from '../modules/integracao/webhooks/enviar-teste.js';
import { listarEntregas } from '../modules/integracao/webhooks/listar-entregas.js';
import { listarWebhooks } from '../modules/integracao/webhooks/listar-webhooks.js';
import { obterWebhook } from '../modules/integracao/webhooks/obter-webhook.js';
import { reenviarEventos } from '../modules/integracao/webhooks/reenviar-eventos.js';
import { removerWebhook } from '../modules/integracao/webhooks/remover-webhook.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a /api/v1 call authenticated with (null elsewhere). */
    chaveApi: ChaveAutenticada | null;
    /** A /api/v1 POST's Idempotency-Key and the SHA-256 of its body. */
    idempotencia: { key: string; hash: string } | null;
  }
}

const DOCS = '/api/v1/docs';

/** The v1 OpenAPI document: its routes' zod schemas as the main one, the key as their security, Idempotency-Key on POSTs. */
const v1Transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema: FastifySchema & Record<string, unknown> = { ...out.schema, security: [{ chaveApi: [] }] };
  if (input.route.method === 'POST') {
    schema.headers = {
      type: 'object',
      properties: {
        'Idempotency-Key': {
          type: 'string',
          minLength: 1,
          maxLength: 255,
          description: 'Obrigatório em todo POST: um valor único por operação (ex.: um UUID). Repetir a chamada com a mesma chave e o mesmo corpo devolve a resposta guardada (24 h).',
        },
      },
      required: ['Idempotency-Key'],
    };
  }
  return { ...out, schema };
};

const DOCS_HTML = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<title>Boleto Garantido — API pública v1</title>
<link rel="stylesheet" href="/api/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js"></script>
<script src="${DOCS}/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.onload = function () {
  window.ui = SwaggerUIBundle({ url: '${DOCS}/json', dom_id: '#swagger-ui', docExpansion: 'list', deepLinking: true });
};
`;

/**
 * The public API, /api/v1 (issue 28, decision 117, docs/api.md), in its own Fastify context:
 * - its own OpenAPI document from the same contracts (`/api/v1/docs`, JSON at `/api/v1/docs/json`),
 *   with only these routes;
 * - every route authenticated by `Authorization: Bearer <chave>` (onRequest, before the body is
 *   read): the key's shop as an usuario's tenancy, the IP allow-list (403), the route's scope (403),
 *   the per-key rate limit (429 with Retry-After, counted in the database like the per-user limits);
 * - every POST needs `Idempotency-Key` (400 without), hashed with its body before validation;
 * - every call of a known key is an audit record with the key's id, and an answered one its last use (onResponse).
 */
export async function apiV1Routes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const now = () => ctx.clock.now();
  const limit = { max: ctx.config.apiV1RateLimit, windowSeconds: 60 };
  const escopoDe = new Map<ContractDefinition, ApiEscopo>(
    (Object.keys(c) as (keyof typeof c)[]).map((name) => [c[name], API_V1_ESCOPO[name]]),
  );

  await app.register(async (v1) => {
    // a second document, of this context's routes only (the decorator shadows the main one here)
    await v1.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Boleto Garantido — API pública',
          version: '1',
          description:
            'API para os sistemas das lojas (ERP, e-commerce): solicitar garantias, consultar garantias e boletos, baixar boletos, carnês e recibos. ' +
            'Autenticação: `Authorization: Bearer <chave>` (Administração > Integrações). Todo POST exige `Idempotency-Key`. Guia: docs/api.md.',
        },
        components: { securitySchemes: { chaveApi: { type: 'http', scheme: 'bearer', description: 'Chave de API da loja (bg_live_…)' } } },
        security: [{ chaveApi: [] }],
      },
      transform: v1Transform,
    });
    v1.decorateRequest('chaveApi', null);
    v1.decorateRequest('idempotencia', null);

    const autenticar = (escopo: ApiEscopo) => async (request: FastifyRequest, reply: FastifyReply) => {
      const { chave, actor } = await autenticarChave(db, request.headers.authorization, now());
      request.chaveApi = chave;
      const keyActor: ChaveActor = { ...actor, ip: request.ip ?? null, rota: `${request.method} ${request.routeOptions.url ?? ''}` };
      request.actor = keyActor;
      assertIpPermitido(chave, request.ip);
      const { allowed, retryAfter } = await countHit(db, 'api-v1', `k:${chave.id}`, limit);
      if (!allowed) {
        reply.header('retry-after', String(retryAfter));
        throw new AppError('TOO_MANY_REQUESTS', API_V1_MSG.limite, { retryAfterSeconds: retryAfter });
      }
      assertEscopo(chave, escopo);
    };
    // before the body's validation: a POST without its key is a 400 whatever the body
    const idempotencia = async (request: FastifyRequest) => {
      const key = idempotencyKeyDe(request.headers[IDEMPOTENCY_HEADER]);
      request.idempotencia = { key, hash: hashCorpo(request.body) };
    };

    v1.addHook('onRoute', (route) => {
      const contract = route.config?.contract;
      const escopo = contract ? escopoDe.get(contract) : undefined;
      if (!escopo) return;
      const listOf = <T>(hook: T | T[] | undefined): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);
      route.onRequest = [...listOf(route.onRequest), autenticar(escopo)];
      if (contract?.method === 'POST') route.preValidation = [idempotencia, ...listOf(route.preValidation)];
    });

    v1.addHook('onResponse', async (request, reply) => {
      if (!request.chaveApi) return;
      try {
        // the key's last use is its last call answered (a refused one changes nothing but the audit)
        if (reply.statusCode < 400) await registrarUso(db, request.chaveApi.id, request.ip ?? null, now());
        await registrarChamada(db, request.actor as ChaveActor, {
          metodo: request.method,
          rota: request.routeOptions.url ?? '',
          url: request.url,
          status: reply.statusCode,
          replay: reply.getHeader(IDEMPOTENCY_REPLAY_HEADER) === 'true',
          duracao_ms: Math.round(reply.elapsedTime),
        });
      } catch (err) {
        request.log.error({ err, chave: request.chaveApi.id }, 'api v1: a chamada não foi registrada na auditoria');
      }
    });

    // the documentation pages: public, outside both documents
    v1.route({
      method: 'GET', url: DOCS, config: { access: 'public' }, schema: { hide: true },
      handler: async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', SPA_CSP).send(DOCS_HTML),
    });
    v1.route({
      method: 'GET', url: `${DOCS}/init.js`, config: { access: 'public' }, schema: { hide: true },
      handler: async (_request, reply) => reply.header('content-type', 'application/javascript; charset=utf-8').send(DOCS_INIT),
    });
    v1.route({
      method: 'GET', url: `${DOCS}/json`, config: { access: 'public' }, schema: { hide: true },
      handler: async () => v1.swagger(),
    });

    jsonRoute(v1, c.solicitarGarantia, async (request, reply) => {
      const actor = request.actor as ChaveActor;
      const { key, hash } = request.idempotencia!;
      const result = await comIdempotencia(db, { chaveId: actor.chave_id, key, hash, rota: c.solicitarGarantia.path }, async (tx) => ({
        status: 200,
        // serialised as the response schema would (dates as ISO text), so the stored answer is the one sent
        body: JSON.parse(JSON.stringify(await solicitarGarantiaV1(tx, ctx.bureau, actor, request.body))) as Record<string, unknown>,
      }));
      if (result.replay) reply.header(IDEMPOTENCY_REPLAY_HEADER, 'true');
      // the answer as stored (its JSON text), the first time and on every replay alike: success or the client's error
      reply.code(result.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(result.body));
      // eslint-disable-next-line no-restricted-syntax -- the reply was sent above as stored JSON text; the handler's typed return is not used
      return reply as unknown as ContractReply<typeof c.solicitarGarantia>;
    });

    jsonRoute(v1, c.garantia, async (request) => ({ status: 200, msg: 'ok', data: await getGarantiaV1(db, request.actor as ChaveActor, request.params.id) }));

    fileRoute(v1, c.carne, async (request, reply) => {
      const garantiaId = request.params.id;
      await prepareGarantiaForPrint(db, request.actor, garantiaId);
      return streamPdf(reply, 'Carnê', `carne-${garantiaId}.pdf`, (doc) => writeCarne(doc, slipsOf(db, garantiaId)));
    });

    jsonRoute(v1, c.boletos, async (request) => ({ status: 200, msg: 'ok', ...(await listBoletosV1(db, request.actor as ChaveActor, request.query)) }));

    jsonRoute(v1, c.boleto, async (request) => ({ status: 200, msg: 'ok', data: await getBoletoV1(db, request.actor as ChaveActor, request.params.id) }));

    fileRoute(v1, c.boletoPdf, async (request, reply) => {
      const { garantiaId } = await garantiaDoBoletoDaLoja(db, request.actor as ChaveActor, request.params.id);
      await prepareGarantiaForPrint(db, request.actor, garantiaId, request.params.id);
      return streamPdf(reply, 'Boleto', `boleto-${request.params.id}.pdf`, async (doc) => {
        for await (const slip of slipsOf(db, garantiaId, request.params.id)) writeBoletoPage(doc, slip);
      });
    });

    fileRoute(v1, c.recibo, async (request, reply) => {
      const token = await reciboTokenV1(db, request.actor as ChaveActor, request.params.id);
      const data = await comprovanteData(db, token);
      return streamPdf(reply, 'Recibo', `recibo-${request.params.id}.pdf`, (doc) => writeComprovante(doc, data));
    });

    // the shop's webhooks by key (scope webhooks:manage, checked above): the key manages its own
    // shop's endpoints as a user of the shop holding the Integrações permission would (decision 118)
    const gestor = (request: FastifyRequest) => ({ ...(request.actor as ChaveActor), permissoes: [PERMISSION.INTEGRACOES] });
    const webhookDeps = { box: ctx.bank.box, privateUrls: ctx.webhooks.privateUrls };
    /** A POST's answer once per Idempotency-Key, stored in the change's own transaction (as POST /garantias). */
    const idempotente = async (request: FastifyRequest, reply: FastifyReply, run: (tx: typeof db) => Promise<Record<string, unknown>>) => {
      const actor = request.actor as ChaveActor;
      const { key, hash } = request.idempotencia!;
      const rota = request.url.split('?')[0];
      const result = await comIdempotencia(db, { chaveId: actor.chave_id, key, hash, rota }, async (tx) => ({ status: 200, body: JSON.parse(JSON.stringify(await run(tx))) as Record<string, unknown> }));
      if (result.replay) reply.header(IDEMPOTENCY_REPLAY_HEADER, 'true');
      reply.code(result.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(result.body));
      return reply;
    };

    jsonRoute(v1, c.webhooks, async (request) => ({ status: 200, msg: 'ok', ...(await listarWebhooks(db, gestor(request), request.query)) }));
    jsonRoute(v1, c.webhook, async (request) => ({ status: 200, msg: 'ok', data: await obterWebhook(db, gestor(request), request.params.id) }));
    jsonRoute(v1, c.entregasWebhook, async (request) => ({ status: 200, msg: 'ok', ...(await listarEntregas(db, gestor(request), request.params.id, request.query)) }));
    jsonRoute(v1, c.removerWebhook, async (request) => {
      await removerWebhook(db, gestor(request), request.params.id);
      return { status: 200, msg: WEBHOOK_MSG.removido };
    });
    jsonRoute(v1, c.criarWebhook, async (request, reply) => {
      await idempotente(request, reply, async (tx) => ({ status: 200, msg: WEBHOOK_MSG.criado, data: await criarWebhook(tx, webhookDeps, gestor(request), request.body) }));
      // eslint-disable-next-line no-restricted-syntax -- the reply was sent as stored JSON text (see idempotente)
      return reply as unknown as ContractReply<typeof c.criarWebhook>;
    });
    jsonRoute(v1, c.reenviarWebhook, async (request, reply) => {
      await idempotente(request, reply, async (tx) => ({ status: 200, msg: WEBHOOK_MSG.reenvioAgendado, data: await reenviarEventos(tx, gestor(request), request.params.id, request.body) }));
      // eslint-disable-next-line no-restricted-syntax -- the reply was sent as stored JSON text (see idempotente)
      return reply as unknown as ContractReply<typeof c.reenviarWebhook>;
    });
    jsonRoute(v1, c.testeWebhook, async (request, reply) => {
      await idempotente(request, reply, async (tx) => ({ status: 200, msg: WEBHOOK_MSG.testeAgendado, data: await enviarTeste(tx, gestor(request), request.params.id) }));
      // eslint-disable-next-line no-restricted-syntax -- the reply was sent as stored JSON text (see idempotente)
      return reply as unknown as ContractReply<typeof c.testeWebhook>;
    });
  });
}
