import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, idParamSchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { toCurrentUser } from '../modules/auth/session-user.js';
import { updatePassword } from '../modules/usuario/update-password.js';

export async function usuarioSessionRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/usuario/getUserCurrent', { schema: { tags: ['usuários'], summary: 'Usuário logado' } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: toCurrentUser(request.sessionUser),
  }));

  app.post(
    '/api/usuario/updatePassword/:id',
    { schema: { tags: ['usuários'], summary: 'Alterar a própria senha', params: idParamSchema, body: changePasswordSchema } },
    async (request) => {
      await updatePassword(ctx.database.db, request.actor, request.params.id, request.body);
      return { status: 200, msg: 'Senha alterada com sucesso. Entre novamente.' };
    },
  );
}
