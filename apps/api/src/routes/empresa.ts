import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empresaSchema, idParamSchema, pagingQuerySchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { createEmpresa } from '../modules/empresa/create-empresa.js';
import { empresasForSelect } from '../modules/empresa/empresas-for-select.js';
import { getEmpresa } from '../modules/empresa/get-empresa.js';
import { listEmpresas } from '../modules/empresa/list-empresas.js';
import { listFranqueados } from '../modules/empresa/list-franqueados.js';
import { setEmpresaSituacao } from '../modules/empresa/set-empresa-situacao.js';
import { updateEmpresa } from '../modules/empresa/update-empresa.js';

export async function empresaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['empresas'];

  app.get('/api/empresa/dataForSelect', { schema: { tags, summary: 'Empresas para seleção (value, label)' } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await empresasForSelect(db, request.actor),
  }));

  app.get(
    '/api/empresa/getAllPaginate',
    { schema: { tags, summary: 'Lista de empresas', querystring: pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() }) } },
    async (request) => ({ status: 200, msg: 'ok', ...(await listEmpresas(db, request.actor, request.query)) }),
  );

  app.get('/api/empresa/getFranqueados', { config: { access: 'admin' }, schema: { tags, summary: 'Franqueadoras e suas franqueadas' } }, async () => ({
    status: 200,
    msg: 'ok',
    data: await listFranqueados(db),
  }));

  app.get('/api/empresa/getById/:id', { schema: { tags, summary: 'Empresa por id', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getEmpresa(db, request.actor, request.params.id),
  }));

  app.post('/api/empresa/create', { schema: { tags, summary: 'Cadastrar empresa', body: empresaSchema } }, async (request) => {
    const row = await createEmpresa(db, request.actor, request.body);
    return { status: 200, msg: 'Empresa cadastrada com sucesso.', data: { id: row.id } };
  });

  app.post(
    '/api/empresa/update/:id',
    { schema: { tags, summary: 'Atualizar empresa', params: idParamSchema, body: empresaSchema } },
    async (request) => {
      const row = await updateEmpresa(db, request.actor, request.params.id, request.body);
      return { status: 200, msg: 'Empresa atualizada com sucesso.', data: { id: row.id } };
    },
  );

  app.post(
    '/api/empresa/enable/:id',
    { config: { access: 'admin' }, schema: { tags, summary: 'Ativar empresa', params: idParamSchema } },
    async (request) => ({ status: 200, msg: 'Empresa ativada.', data: await setEmpresaSituacao(db, request.actor, request.params.id, 'ATIVA') }),
  );

  app.post(
    '/api/empresa/disable/:id',
    { config: { access: 'admin' }, schema: { tags, summary: 'Bloquear empresa', params: idParamSchema } },
    async (request) => ({ status: 200, msg: 'Empresa bloqueada.', data: await setEmpresaSituacao(db, request.actor, request.params.id, 'BLOQUEADA') }),
  );
}
