import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, pagingQuerySchema, usuarioCreateSchema, usuarioUpdateSchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { createUsuario } from '../modules/usuario/create-usuario.js';
import { getUsuario } from '../modules/usuario/get-usuario.js';
import { listUsuarios } from '../modules/usuario/list-usuarios.js';
import { setUsuarioSituacao } from '../modules/usuario/set-usuario-situacao.js';
import { updateUsuario } from '../modules/usuario/update-usuario.js';

/** Administração > Usuários (getUserCurrent and updatePassword live in usuario-session.ts). */
export async function usuarioRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['usuários'];

  app.get(
    '/api/usuario/getAllPaginate',
    { schema: { tags, summary: 'Usuários do Sistema', querystring: pagingQuerySchema.extend({ filtro: z.string().trim().max(100).optional() }) } },
    async (request) => ({ status: 200, msg: 'ok', ...(await listUsuarios(db, request.actor, request.query)) }),
  );

  app.get('/api/usuario/getById/:id', { schema: { tags, summary: 'Usuário por id', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getUsuario(db, request.actor, request.params.id),
  }));

  app.post('/api/usuario/create', { schema: { tags, summary: 'Novo Usuário', body: usuarioCreateSchema } }, async (request) => ({
    status: 200,
    msg: 'Usuário cadastrado com sucesso.',
    data: await createUsuario(db, request.actor, request.body),
  }));

  app.post(
    '/api/usuario/update/:id',
    { schema: { tags, summary: 'Atualizar usuário', params: idParamSchema, body: usuarioUpdateSchema } },
    async (request) => ({ status: 200, msg: 'Usuário atualizado com sucesso.', data: await updateUsuario(db, request.actor, request.params.id, request.body) }),
  );

  app.post('/api/usuario/disable/:id', { schema: { tags, summary: 'Bloquear usuário', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'Usuário bloqueado.',
    data: await setUsuarioSituacao(db, request.actor, request.params.id, 'BLOQUEADO'),
  }));

  app.post('/api/usuario/enable/:id', { schema: { tags, summary: 'Desbloquear usuário', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'Usuário desbloqueado.',
    data: await setUsuarioSituacao(db, request.actor, request.params.id, 'ATIVO'),
  }));
}
