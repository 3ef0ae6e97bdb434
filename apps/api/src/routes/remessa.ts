import type { FastifyInstance } from 'fastify';
import { remessaContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { listRemessas } from '../modules/cnab/list-remessas.js';
import { solicitarRemessa } from '../modules/cnab/solicitar-remessa.js';

/** Remessas CNAB 240/400, per conta (spec §7 Slips: gerarRemessa, getRemessas; docs/cnab.md, decision 126). */
export async function remessaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.gerarRemessa, async (request) => {
    const data = await solicitarRemessa({ db, jobs: ctx.jobs }, request.actor, request.query.conta_cobranca_id);
    return { status: 200, msg: data.em_andamento ? 'Uma remessa já está sendo gerada.' : 'Gerando a remessa.', data };
  });

  jsonRoute(app, c.getRemessas, async (request) => ({ status: 200, msg: 'ok', ...(await listRemessas(db, ctx.fileLinks, request.actor, request.query)) }));
}
