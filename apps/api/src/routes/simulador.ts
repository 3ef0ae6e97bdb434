import type { FastifyInstance } from 'fastify';
import { simuladorContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { simularVenda } from '../modules/simulador/simular-venda.js';

/** Spec §7: GET /api/simulador/antecipacao/{valor}/{qtdParcelas}. */
export async function simuladorRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.antecipacao, async (request) => ({
    status: 200,
    msg: 'ok',
    ...(await simularVenda(db, request.actor, { valor: request.params.valor, qtdParcelas: request.params.qtdParcelas, empresa_id: request.query.empresa_id })),
  }));
}
