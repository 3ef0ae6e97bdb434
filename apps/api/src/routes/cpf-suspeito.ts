import type { FastifyInstance } from 'fastify';
import { cpfSuspeitoContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { addCpfSuspeito } from '../modules/cpf-suspeito/add-cpf-suspeito.js';
import { listCpfsSuspeitos } from '../modules/cpf-suspeito/list-cpfs-suspeitos.js';
import { removeCpfSuspeito } from '../modules/cpf-suspeito/remove-cpf-suspeito.js';

/** Administração > CPFs Suspeitos (administradores; access is in the contracts). Paths: decision 010. */
export async function cpfSuspeitoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listCpfsSuspeitos(db, request.query)) }));

  jsonRoute(app, c.create, async (request) => ({
    status: 200,
    msg: 'CPF/CNPJ incluído na lista de suspeitos.',
    data: await addCpfSuspeito(db, request.actor, request.body),
  }));

  jsonRoute(app, c.delete, async (request) => ({
    status: 200,
    msg: 'CPF/CNPJ removido da lista de suspeitos.',
    data: await removeCpfSuspeito(db, request.actor, request.params.id),
  }));
}
