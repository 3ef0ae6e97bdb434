import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contaCobrancaSchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { getContaCobranca, publicConta } from '../modules/conta-cobranca/get-conta-cobranca.js';
import { saveContaCobranca } from '../modules/conta-cobranca/save-conta-cobranca.js';

/** Administração > Conta de Cobrança: the beneficiary's bank account (administradores only). */
export async function contaCobrancaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['conta de cobrança'];
  app.get('/api/contaCobranca/get', { config: { access: 'admin' }, schema: { tags, summary: 'Conta de cobrança ativa' } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getContaCobranca(db, request.actor),
  }));
  app.post(
    '/api/contaCobranca/save',
    { config: { access: 'admin' }, schema: { tags, summary: 'Cadastrar ou alterar a conta de cobrança', body: contaCobrancaSchema } },
    async (request) => {
      const { conta, nova } = await saveContaCobranca(db, request.actor, request.body);
      return {
        status: 200,
        msg: nova ? 'Conta de cobrança cadastrada! Os próximos boletos usarão esta conta.' : 'Conta de cobrança atualizada!',
        data: { id: conta.id, nova, conta: publicConta(conta) },
      };
    },
  );
}
