import type { FastifyInstance } from 'fastify';
import type { FastifyRequest } from 'fastify';
import { creditoContracts as c, creditoPagadorContracts as cp } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { descartarRascunho, getPolitica, listPoliticas, publicarPolitica, salvarRascunho } from '../modules/credito/politicas.js';
import { decidirRevisao, listRevisoes, solicitarRevisao } from '../modules/credito/revisoes.js';
import { simularPolitica } from '../modules/credito/simular-politica.js';
import { negativasDoPagador, solicitarRevisaoPagador } from '../modules/credito/negativas-pagador.js';
import type { PagadorDeps } from '../modules/pagador/identificar-pagador.js';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip || 'desconhecido', userAgent: request.headers['user-agent'] ?? null });

/** Administração > Política de Crédito and the LGPD art. 20 reviews (docs/credito.md). */
export async function creditoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.politicaList, async (request) => ({ status: 200, msg: 'ok', data: await listPoliticas(db, request.actor) }));
  jsonRoute(app, c.politicaGet, async (request) => ({ status: 200, msg: 'ok', data: await getPolitica(db, request.actor, request.params.id) }));
  jsonRoute(app, c.rascunhoSalvar, async (request) => ({ status: 200, msg: 'Rascunho salvo.', data: await salvarRascunho(db, request.actor, request.body) }));
  jsonRoute(app, c.rascunhoDescartar, async (request) => {
    await descartarRascunho(db, request.actor, request.params.id);
    return { status: 200, msg: 'Rascunho descartado.' };
  });
  jsonRoute(app, c.publicar, async (request) => {
    const data = await publicarPolitica(db, request.actor, request.params.id);
    return { status: 200, msg: `Versão ${data.versao} publicada: as próximas solicitações serão avaliadas por ela.`, data };
  });
  jsonRoute(app, c.simular, async (request) => ({ status: 200, msg: 'ok', data: await simularPolitica(db, ctx.bureau, request.actor, request.params.id, request.query.meses) }));

  jsonRoute(app, c.revisaoSolicitar, async (request) => ({
    status: 200,
    msg: 'Revisão solicitada: um analista responderá em até 10 dias.',
    data: await solicitarRevisao(db, request.actor, request.params.id, request.body.justificativa ?? null),
  }));
  jsonRoute(app, c.revisaoList, async (request) => ({ status: 200, msg: 'ok', data: await listRevisoes(db, request.actor, request.query.status) }));
  jsonRoute(app, c.revisaoDecidir, async (request) => ({
    status: 200,
    msg: 'Decisão registrada e comunicada à loja.',
    data: await decidirRevisao(db, ctx.jobs, request.actor, request.params.id, request.body.decisao, request.body.fundamentacao),
  }));

  // the payer page's side (public, with the payer's session; per-IP limits of the public calls)
  const deps: PagadorDeps = { db, links: ctx.fileLinks, now: () => ctx.clock.now() };
  jsonRoute(app, cp.negativas, async (request, reply) => {
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
    return { status: 200, msg: 'ok', data: await negativasDoPagador(deps, request.body.sessao, clientOf(request)) };
  });
  jsonRoute(app, cp.solicitarRevisao, async (request) => ({
    status: 200,
    msg: 'Revisão solicitada: um analista responderá em até 10 dias.',
    data: await solicitarRevisaoPagador(deps, request.body, clientOf(request)),
  }));
}
