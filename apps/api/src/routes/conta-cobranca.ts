import type { FastifyInstance } from 'fastify';
import { bancosDeCobranca, contaCobrancaContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { assertAdmin } from '../modules/tenancy/access.js';
import { alterarContaCobranca } from '../modules/conta-cobranca/alterar-conta-cobranca.js';
import { createContaCobranca } from '../modules/conta-cobranca/create-conta-cobranca.js';
import { definirContaEmpresa } from '../modules/conta-cobranca/definir-conta-empresa.js';
import { definirContaPadrao } from '../modules/conta-cobranca/definir-conta-padrao.js';
import { desativarContaCobranca } from '../modules/conta-cobranca/desativar-conta-cobranca.js';
import { getContaCobranca, publicConta } from '../modules/conta-cobranca/get-conta-cobranca.js';
import { listContasCobranca } from '../modules/conta-cobranca/list-contas-cobranca.js';
import { reativarContaCobranca } from '../modules/conta-cobranca/reativar-conta-cobranca.js';
import { saveContaCobranca } from '../modules/conta-cobranca/save-conta-cobranca.js';

/** Administração > Contas de Cobrança: the beneficiary's bank accounts (administradores only, decision 126). */
export async function contaCobrancaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.get, async (request) => ({ status: 200, msg: 'ok', data: await getContaCobranca(db, request.actor) }));

  jsonRoute(app, c.bancos, async (request) => {
    assertAdmin(request.actor);
    return { status: 200, msg: 'ok', data: bancosDeCobranca() };
  });

  jsonRoute(app, c.list, async (request) => ({ status: 200, msg: 'ok', data: await listContasCobranca(db, request.actor) }));

  jsonRoute(app, c.create, async (request) => {
    const conta = await createContaCobranca(db, request.actor, request.body);
    return { status: 200, msg: conta.padrao ? 'Conta de cobrança cadastrada como padrão da casa!' : 'Conta de cobrança cadastrada!', data: publicConta(conta) };
  });

  jsonRoute(app, c.update, async (request) => {
    const { conta, nova } = await alterarContaCobranca(db, request.actor, request.params.id, request.body);
    return {
      status: 200,
      msg: nova ? 'Dados bancários alterados: uma nova conta foi criada no lugar desta; os boletos já emitidos continuam na anterior.' : 'Conta de cobrança atualizada!',
      data: { id: conta.id, nova, conta: publicConta(conta) },
    };
  });

  jsonRoute(app, c.desativar, async (request) => ({
    status: 200,
    msg: 'Conta de cobrança desativada. Os boletos já emitidos continuam nela.',
    data: publicConta(await desativarContaCobranca(db, request.actor, request.params.id)),
  }));

  jsonRoute(app, c.reativar, async (request) => ({ status: 200, msg: 'Conta de cobrança reativada!', data: publicConta(await reativarContaCobranca(db, request.actor, request.params.id)) }));

  jsonRoute(app, c.padrao, async (request) => ({
    status: 200,
    msg: 'Conta padrão da casa alterada! Os próximos boletos das lojas sem conta própria usarão esta conta.',
    data: publicConta(await definirContaPadrao(db, request.actor, request.params.id)),
  }));

  jsonRoute(app, c.empresa, async (request) => ({
    status: 200,
    msg: request.body.conta_cobranca_id === null ? 'A loja passa a usar a conta padrão da casa.' : 'Conta de cobrança da loja definida!',
    data: await definirContaEmpresa(db, request.actor, request.params.id, request.body.conta_cobranca_id),
  }));

  jsonRoute(app, c.save, async (request) => {
    const { conta, nova } = await saveContaCobranca(db, request.actor, request.body);
    return {
      status: 200,
      msg: nova ? 'Conta de cobrança cadastrada! Os próximos boletos usarão esta conta.' : 'Conta de cobrança atualizada!',
      data: { id: conta.id, nova, conta: publicConta(conta) },
    };
  });
}
