import type { FastifyInstance } from 'fastify';
import { bancoContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { executarConciliacao } from '../modules/banco/executar-conciliacao.js';
import { listDivergencias } from '../modules/banco/list-divergencias.js';
import { resolverDivergencia } from '../modules/banco/resolver-divergencia.js';

/** Conciliação (docs/banks.md): the daily reconciliation's findings, their one-click resolutions, a run on demand. */
export async function bancoConciliacaoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getConciliacao, async (request) => ({ status: 200, msg: 'ok', ...(await listDivergencias(db, request.actor, request.query)) }));

  jsonRoute(app, c.resolverDivergencia, async (request) => ({ status: 200, msg: await resolverDivergencia(db, ctx.bank, request.actor, request.params.id, request.body.acao) }));

  jsonRoute(app, c.executarConciliacao, async (request) => {
    const { job_id, em_andamento } = await executarConciliacao({ db, jobs: ctx.jobs }, request.actor);
    return { status: 200, msg: em_andamento ? 'A conciliação já está em andamento.' : 'Conciliação iniciada.', data: { job_id } };
  });
}
