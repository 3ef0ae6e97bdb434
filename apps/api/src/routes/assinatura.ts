import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ASSINATURA_MSG, assinaturaContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { assinarDuplicatas } from '../modules/assinatura/assinar-duplicatas.js';
import { enviarDuplicatasAssinatura } from '../modules/assinatura/enviar-duplicatas-assinatura.js';
import { getAssinaturaPublica, getDocumentoPublico } from '../modules/assinatura/get-assinatura-publica.js';
import { listAssinaturasGarantia } from '../modules/assinatura/list-assinaturas-garantia.js';
import type { PublicClient } from '../modules/assinatura/public-access.js';

/** Fastify's request.ip follows TRUST_PROXY (X-Forwarded-For only behind a trusted proxy). */
const clientOf = (request: FastifyRequest): PublicClient => ({ ip: request.ip || 'desconhecido', userAgent: request.headers['user-agent'] ?? null });

/**
 * Digital signature of duplicatas (docs/assinatura.md): the send call of Boletos da Garantia, the
 * guarantee's requests, and the public signing page's three calls.
 */
export async function assinaturaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const storage = ctx.storage;

  jsonRoute(app, c.getDuplicataAssinatura, async (request) => {
    // links point at PUBLIC_URL, or at the address this request came to
    const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const data = await enviarDuplicatasAssinatura(
      { db, storage, jobs: ctx.jobs, clock: ctx.clock, linkTtlDays: ctx.config.signatureLinkTtlDays },
      request.actor,
      request.params.garantiaId,
      request.body,
      origin,
    );
    return { status: 200, msg: ASSINATURA_MSG.enviadoTexto, data };
  });

  jsonRoute(app, c.getByGarantia, async (request) => ({ status: 200, msg: 'ok', data: await listAssinaturasGarantia(db, request.actor, request.params.garantiaId) }));

  jsonRoute(app, c.getPublica, async (request, reply) => {
    reply.header('x-robots-tag', 'noindex');
    return { status: 200, msg: 'ok', data: await getAssinaturaPublica({ db, storage, log: request.log }, request.params.token, clientOf(request)) };
  });

  fileRoute(app, c.getDocumento, async (request, reply) => {
    const { bytes, nome } = await getDocumentoPublico({ db, storage, log: request.log }, request.params.token, clientOf(request));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(bytes.length))
      .header('content-disposition', `inline; filename="${nome.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(bytes);
  });

  jsonRoute(app, c.assinar, async (request) => ({
    status: 200,
    msg: ASSINATURA_MSG.assinado,
    data: await assinarDuplicatas({ db, storage, jobs: ctx.jobs, a1: ctx.a1, log: request.log }, request.params.token, request.body, clientOf(request)),
  }));
}
