import type { FastifyInstance } from 'fastify';
import { REGUA_MSG, reguaContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { contestarBoleto } from '../modules/regua/contestar-boleto.js';
import { eficaciaRegua } from '../modules/regua/eficacia-regua.js';
import { encerrarContestacao } from '../modules/regua/encerrar-contestacao.js';
import { executarRegua } from '../modules/regua/executar-regua.js';
import { getRegua } from '../modules/regua/get-regua.js';
import { listContestacoes } from '../modules/regua/list-contestacoes.js';
import { proximosEnvios } from '../modules/regua/proximos-envios.js';
import { restaurarReguaPadrao, salvarRegua } from '../modules/regua/salvar-regua.js';

/** Administração > Régua de cobrança (decision 115, docs/messaging.md): every route administradores only. */
export async function reguaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.get, async (request) => ({ status: 200, msg: 'ok', data: await getRegua(db, request.actor, request.query.empresa_id) }));

  jsonRoute(app, c.salvar, async (request) => {
    await salvarRegua(db, request.actor, request.body);
    return { status: 200, msg: REGUA_MSG.salva };
  });

  jsonRoute(app, c.restaurarPadrao, async (request) => {
    await restaurarReguaPadrao(db, request.actor, request.params.id);
    return { status: 200, msg: REGUA_MSG.padraoRestaurado };
  });

  jsonRoute(app, c.executar, async (request) => {
    const { job_id, msg } = await executarRegua({ db, jobs: ctx.jobs }, request.actor);
    return { status: 200, msg, data: { job_id } };
  });

  jsonRoute(app, c.proximosEnvios, async (request) => ({ status: 200, msg: 'ok', ...(await proximosEnvios(db, ctx.clock, request.actor, request.query)) }));

  jsonRoute(app, c.eficacia, async (request) => ({ status: 200, msg: 'ok', data: await eficaciaRegua(db, request.actor, request.query) }));

  jsonRoute(app, c.contestacoes, async (request) => ({ status: 200, msg: 'ok', ...(await listContestacoes(db, request.actor, request.query)) }));

  jsonRoute(app, c.contestar, async (request) => ({ status: 200, msg: REGUA_MSG.contestacaoRegistrada, data: await contestarBoleto(db, request.actor, request.body) }));

  jsonRoute(app, c.encerrarContestacao, async (request) => {
    await encerrarContestacao(db, request.actor, request.params.id, request.body.motivo);
    return { status: 200, msg: REGUA_MSG.contestacaoEncerrada };
  });
}
