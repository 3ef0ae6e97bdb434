import { eq } from 'drizzle-orm';
import { NIVEL, TWO_FACTOR_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuarioCodigoRecuperacao, usuarioDoisFatores } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { recordFailure, type SessionDeps } from '../auth/login.js';
import { ANY_IP_2FA, ANY_IP_PASSWORD, claimAttempt } from '../auth/login-throttle.js';
import { verifyPassword } from '../auth/password-hash.js';
import { loadSessionUser, type SessionUser } from '../auth/session-user.js';
import { verifySecondFactor } from '../auth/verify-second-factor.js';

/**
 * POST /api/usuario/doisFatores/desativar: the password and a code (TOTP or recovery), each checked
 * under the login limits like a login's (login-throttle.ts: the password per address and per
 * login, the code per address and per login's codes) — a stolen access token alone cannot turn
 * two-factor sign-in off, nor guess its way there faster. Refused for administradores while
 * REQUIRE_ADMIN_2FA is on.
 */
export async function desativarDoisFatores(
  db: Db,
  deps: SessionDeps & { requireAdmin2fa: boolean },
  user: Pick<SessionUser, 'id' | 'login' | 'nivel' | 'two_factor'>,
  actor: Actor,
  input: { password: string; code: string },
): Promise<void> {
  if (deps.requireAdmin2fa && user.nivel === NIVEL.ADMINISTRADOR) throw new AppError('FORBIDDEN', TWO_FACTOR_MSG.mandatory);
  if (!user.two_factor) throw new AppError('CONFLICT', TWO_FACTOR_MSG.notOn);
  const ip = actor.ip ?? 'unknown';

  const passwordAttempt = await claimAttempt(db, deps.limits, user.login, ip, ANY_IP_PASSWORD);
  const full = await loadSessionUser(db, { id: user.id });
  if (!full || !(await verifyPassword(full.password_hash, input.password))) {
    await recordFailure(db, passwordAttempt, user.id, deps, 'dois_fatores.senha_incorreta');
    throw new AppError('VALIDATION', TWO_FACTOR_MSG.passwordWrong, { errors: { password: TWO_FACTOR_MSG.passwordWrong } });
  }
  await passwordAttempt.succeeded(db, { session: false });

  const codeAttempt = await claimAttempt(db, deps.limits, user.login, ip, ANY_IP_2FA);
  const done = await db.transaction(async (tx) => {
    const via = await verifySecondFactor(tx, deps.twoFactor, user.id, input.code);
    if (!via) return false;
    await tx.delete(usuarioCodigoRecuperacao).where(eq(usuarioCodigoRecuperacao.usuario_id, user.id));
    await tx.delete(usuarioDoisFatores).where(eq(usuarioDoisFatores.usuario_id, user.id));
    await recordAudit(tx, actor, { action: 'dois_fatores.desativar', entity: 'usuario', entityId: user.id, summary: { segundo_fator: via } });
    await codeAttempt.succeeded(tx, { session: false });
    return true;
  });
  if (done) return;
  await recordFailure(db, codeAttempt, user.id, deps, 'dois_fatores.codigo_incorreto');
  throw new AppError('VALIDATION', TWO_FACTOR_MSG.codeInvalid, { errors: { code: TWO_FACTOR_MSG.codeInvalid } });
}
