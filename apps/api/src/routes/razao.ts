import type { FastifyInstance } from 'fastify';
import { razaoContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { lancarPerda } from '../modules/cobranca/lancar-perda.js';
import { getPosicaoLoja } from '../modules/repasse/get-posicao-loja.js';
import { registrarRepasse } from '../modules/repasse/registrar-repasse.js';

/** The ledger's own use-cases (decision 109): a shop's position, repasses, losses. Administradores only. */
export async function razaoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getPosicaoLoja, async (request) => ({ status: 200, msg: 'ok', data: await getPosicaoLoja(db, request.actor, request.params.id) }));

  jsonRoute(app, c.registrarRepasse, async (request) => ({ status: 200, msg: 'Repasse registrado.', data: await registrarRepasse(db, request.actor, request.body) }));

  jsonRoute(app, c.lancarPerda, async (request) => ({ status: 200, msg: 'Dívida lançada como perda.', data: await lancarPerda(db, request.actor, request.body) }));
}
