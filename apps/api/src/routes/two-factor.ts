import type { FastifyInstance } from 'fastify';
import { twoFactorContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { confirmarDoisFatores } from '../modules/two-factor/confirmar-dois-fatores.js';
import { desativarDoisFatores } from '../modules/two-factor/desativar-dois-fatores.js';
import { getDoisFatores } from '../modules/two-factor/get-dois-fatores.js';
import { iniciarDoisFatores } from '../modules/two-factor/iniciar-dois-fatores.js';
import { REFRESH_COOKIE } from './auth.js';

/**
 * The logged-in user's two-factor sign-in (docs/decisions/095): status, setup (secret and QR code
 * once), confirmation with the first code (recovery codes once), and turning it off. The login's
 * second step, POST /api/login/2fa, lives with the session in routes/auth.ts.
 */
export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const { box } = ctx.session.twoFactor;

  jsonRoute(app, c.status, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getDoisFatores(db, request.sessionUser, ctx.config.requireAdmin2fa),
  }));

  jsonRoute(app, c.iniciar, async (request) => ({
    status: 200,
    msg: 'Leia o QR code no aplicativo autenticador e informe o código gerado.',
    data: await iniciarDoisFatores(db, box, request.sessionUser, request.actor),
  }));

  // every other session ends; this one (its refresh cookie's family) continues (decision 106)
  jsonRoute(app, c.confirmar, async (request) => ({
    status: 200,
    msg: 'Verificação em duas etapas ativada. As outras sessões desta conta foram encerradas. Guarde os códigos de recuperação: eles não serão exibidos novamente.',
    codigos_recuperacao: await confirmarDoisFatores(db, box, request.actor, request.body.code, request.cookies[REFRESH_COOKIE]),
  }));

  jsonRoute(app, c.desativar, async (request) => {
    await desativarDoisFatores(db, { ...ctx.session, requireAdmin2fa: ctx.config.requireAdmin2fa }, request.sessionUser, request.actor, request.body);
    return { status: 200, msg: 'Verificação em duas etapas desativada.' };
  });
}
