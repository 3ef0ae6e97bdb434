import type { FastifyInstance } from 'fastify';
import { empresaContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { createEmpresa } from '../modules/empresa/create-empresa.js';
import { empresasForSelect } from '../modules/empresa/empresas-for-select.js';
import { getEmpresa } from '../modules/empresa/get-empresa.js';
import { listEmpresas } from '../modules/empresa/list-empresas.js';
import { listFranqueados } from '../modules/empresa/list-franqueados.js';
import { setEmpresaSituacao } from '../modules/empresa/set-empresa-situacao.js';
import { updateEmpresa } from '../modules/empresa/update-empresa.js';

/** Spec §7 Companies. */
export async function empresaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.dataForSelect, async (request) => ({ status: 200, msg: 'ok', data: await empresasForSelect(db, request.actor) }));

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listEmpresas(db, request.actor, request.query)) }));

  jsonRoute(app, c.getFranqueados, async () => ({ status: 200, msg: 'ok', data: await listFranqueados(db) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getEmpresa(db, request.actor, request.params.id) }));

  jsonRoute(app, c.create, async (request) => {
    const row = await createEmpresa(db, request.actor, request.body);
    return { status: 200, msg: 'Empresa cadastrada com sucesso.', data: { id: row.id } };
  });

  jsonRoute(app, c.update, async (request) => {
    const row = await updateEmpresa(db, request.actor, request.params.id, request.body);
    return { status: 200, msg: 'Empresa atualizada com sucesso.', data: { id: row.id } };
  });

  jsonRoute(app, c.enable, async (request) => ({
    status: 200,
    msg: 'Empresa ativada.',
    data: await setEmpresaSituacao(db, request.actor, request.params.id, 'ATIVA'),
  }));

  jsonRoute(app, c.disable, async (request) => ({
    status: 200,
    msg: 'Empresa bloqueada.',
    data: await setEmpresaSituacao(db, request.actor, request.params.id, 'BLOQUEADA'),
  }));
}
