import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { mensagemWhatsappContracts as c } from '@bg/domain';
import { AppError } from '../errors/app-error.js';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { assinaturaWhatsappValida, receberWebhookWhatsapp } from '../modules/mensagem/whatsapp-webhook.js';

/** The exact bytes Meta signed, kept before anything parses them. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The WhatsApp Cloud API's webhook (docs/messaging.md): the GET handshake Meta makes when the URL
 * is saved (hub.verify_token must be WHATSAPP_VERIFY_TOKEN) and the POSTs of statuses and inbound
 * messages, each verified by X-Hub-Signature-256 with WHATSAPP_APP_SECRET before anything is read:
 * a call that fails it is refused with 401, logged, and writes nothing.
 */
export async function mensagemWhatsappRoutes(app: FastifyInstance, ctx: AppContext) {
  const { whatsappAppSecret, whatsappVerifyToken } = ctx.config.messaging;

  fileRoute(app, c.whatsappWebhookVerify, async (request, reply) => {
    const q = request.query;
    if (!whatsappVerifyToken || q['hub.mode'] !== 'subscribe' || !q['hub.challenge'] || !sameText(q['hub.verify_token'] ?? '', whatsappVerifyToken)) {
      request.log.warn({ mode: q['hub.mode'] ?? null }, 'whatsapp: verificação do webhook recusada');
      throw new AppError('FORBIDDEN', 'Token de verificação do webhook inválido.');
    }
    return reply.code(200).type('text/plain; charset=utf-8').send(q['hub.challenge']);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, null);
    });
    jsonRoute(scope, c.whatsappWebhook, async (request) => {
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (!assinaturaWhatsappValida(raw, typeof signature === 'string' ? signature : undefined, whatsappAppSecret)) {
        request.log.warn({ bytes: raw.length, ip: request.ip, signed: Boolean(signature) }, 'whatsapp: webhook recusado (assinatura inválida)');
        throw new AppError('UNAUTHENTICATED', 'Assinatura do webhook inválida.');
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION', 'Corpo do webhook não é JSON.');
      }
      const result = await receberWebhookWhatsapp(ctx.database.db, ctx.jobs, payload, ctx.clock.now());
      request.log.info(result, 'whatsapp: webhook recebido');
      return { status: 200, msg: 'ok' };
    });
  });
}
