import type { FastifyInstance } from 'fastify';
import { usuarioContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { createUsuario } from '../modules/usuario/create-usuario.js';
import { getUsuario } from '../modules/usuario/get-usuario.js';
import { listUsuarios } from '../modules/usuario/list-usuarios.js';
import { setUsuarioSituacao } from '../modules/usuario/set-usuario-situacao.js';
import { updateUsuario } from '../modules/usuario/update-usuario.js';

/** Administração > Usuários (getUserCurrent and updatePassword live in usuario-session.ts). */
export async function usuarioRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listUsuarios(db, request.actor, request.query)) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getUsuario(db, request.actor, request.params.id) }));

  jsonRoute(app, c.create, async (request) => ({
    status: 200,
    msg: 'Usuário cadastrado com sucesso.',
    data: await createUsuario(db, request.actor, request.body),
  }));

  jsonRoute(app, c.update, async (request) => ({
    status: 200,
    msg: 'Usuário atualizado com sucesso.',
    data: await updateUsuario(db, request.actor, request.params.id, request.body),
  }));

  jsonRoute(app, c.disable, async (request) => ({
    status: 200,
    msg: 'Usuário bloqueado.',
    data: await setUsuarioSituacao(db, request.actor, request.params.id, 'BLOQUEADO'),
  }));

  jsonRoute(app, c.enable, async (request) => ({
    status: 200,
    msg: 'Usuário desbloqueado.',
    data: await setUsuarioSituacao(db, request.actor, request.params.id, 'ATIVO'),
  }));
}
