import type { FastifyInstance } from 'fastify';
import { CHAVE_MSG, integracaoChavesContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { criarChave } from '../modules/integracao/chaves/criar-chave.js';
import { listarChaves } from '../modules/integracao/chaves/listar-chaves.js';
import { revogarChave } from '../modules/integracao/chaves/revogar-chave.js';
import { rotacionarChave } from '../modules/integracao/chaves/rotacionar-chave.js';

/** Administração > Integrações: the public API's keys (issue 28, decision 117, docs/api.md). */
export async function integracaoChavesRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const now = () => ctx.clock.now();

  jsonRoute(app, c.criar, async (request) => ({ status: 200, msg: CHAVE_MSG.criada, data: await criarChave(db, request.actor, request.body, now()) }));

  jsonRoute(app, c.listar, async (request) => ({ status: 200, msg: 'ok', ...(await listarChaves(db, request.actor, request.query, now())) }));

  jsonRoute(app, c.revogar, async (request) => ({ status: 200, msg: CHAVE_MSG.revogada, data: await revogarChave(db, request.actor, request.params.id, now()) }));

  jsonRoute(app, c.rotacionar, async (request) => ({
    status: 200,
    msg: CHAVE_MSG.rotacionada,
    data: await rotacionarChave(db, request.actor, request.params.id, request.body.sobreposicao_horas, now()),
  }));
}
