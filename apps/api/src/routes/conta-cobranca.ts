import type { FastifyInstance } from 'fastify';
import { contaCobrancaContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { getContaCobranca, publicConta } from '../modules/conta-cobranca/get-conta-cobranca.js';
import { saveContaCobranca } from '../modules/conta-cobranca/save-conta-cobranca.js';

/** Administração > Conta de Cobrança: the beneficiary's bank account (administradores only). */
export async function contaCobrancaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.get, async (request) => ({ status: 200, msg: 'ok', data: await getContaCobranca(db, request.actor) }));

  jsonRoute(app, c.save, async (request) => {
    const { conta, nova } = await saveContaCobranca(db, request.actor, request.body);
    return {
      status: 200,
      msg: nova ? 'Conta de cobrança cadastrada! Os próximos boletos usarão esta conta.' : 'Conta de cobrança atualizada!',
      data: { id: conta.id, nova, conta: publicConta(conta) },
    };
  });
}
