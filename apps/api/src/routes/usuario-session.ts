import type { FastifyInstance } from 'fastify';
import { sessionContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { toCurrentUser } from '../modules/auth/session-user.js';
import { updatePassword } from '../modules/usuario/update-password.js';

/** The logged-in user's own calls (spec §7 Session and users). */
export async function usuarioSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  jsonRoute(app, c.getUserCurrent, async (request) => ({ status: 200, msg: 'ok', data: toCurrentUser(request.sessionUser, ctx.config.requireAdmin2fa) }));

  jsonRoute(app, c.updatePassword, async (request) => {
    await updatePassword(ctx.database.db, ctx.session, request.actor, request.params.id, request.body);
    return { status: 200, msg: 'Senha alterada com sucesso. Entre novamente.' };
  });
}
