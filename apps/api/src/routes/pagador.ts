import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pagadorContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import type { PublicClient } from '../modules/assinatura/public-access.js';
import { listAcessosPagador } from '../modules/pagador/acesso-pagador.js';
import { boletosDoPagador, pdfDoPagador } from '../modules/pagador/boletos-pagador.js';
import { identificarPagador, type PagadorDeps } from '../modules/pagador/identificar-pagador.js';
import { preferenciasDoPagador } from '../modules/pagador/preferencias-pagador.js';
import { writeBoletoPage } from '../pdf/boleto-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/** Fastify's request.ip follows TRUST_PROXY (X-Forwarded-For only behind a trusted proxy). */
const clientOf = (request: FastifyRequest): PublicClient => ({ ip: request.ip || 'desconhecido', userAgent: request.headers['user-agent'] ?? null });

/**
 * The payer's page (issue 27, docs/messaging.md "Página do pagador", decision 116): its four public
 * calls and the administradores' access log.
 */
export async function pagadorRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const deps: PagadorDeps = { db, links: ctx.fileLinks, now: () => ctx.clock.now() };

  jsonRoute(app, c.identificar, async (request, reply) => {
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
    return { status: 200, msg: 'ok', data: await identificarPagador(deps, request.body, clientOf(request)) };
  });

  jsonRoute(app, c.boletos, async (request, reply) => {
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
    return { status: 200, msg: 'ok', data: await boletosDoPagador(deps, request.body.sessao, clientOf(request)) };
  });

  fileRoute(app, c.boletoPdf, async (request, reply) => {
    const slip = await pdfDoPagador(deps, request.params.id, request.query, clientOf(request));
    reply.header('x-robots-tag', 'noindex');
    return streamPdf(reply, 'Boleto', `boleto-${slip.parcela}-${slip.qtdParcelas}.pdf`, (doc) => writeBoletoPage(doc, slip));
  });

  jsonRoute(app, c.preferencias, async (request) => {
    const { msg } = await preferenciasDoPagador(deps, request.body, clientOf(request));
    return { status: 200, msg };
  });

  jsonRoute(app, c.acessos, async (request) => ({ status: 200, msg: 'ok', ...(await listAcessosPagador(db, request.actor, request.params.id, request.query)) }));
}
