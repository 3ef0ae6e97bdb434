import { TWO_FACTOR_MSG, type Login2faInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { verifySecondFactor } from './verify-second-factor.js';
import { countFailure, openSession, type SessionDeps } from './login.js';
import { ANY_IP_2FA, assertNotLocked } from './login-throttle.js';
import type { ClientInfo } from './refresh-tokens.js';
import { accessRefusal, loadSessionUser } from './session-user.js';

/**
 * POST /api/login/2fa: the challenge of POST /api/login and a code (TOTP or recovery). Throttled
 * like passwords — per (login, IP), and per login from any IP — and, once the code is right, the
 * session opens exactly as a login does (access token, refresh cookie, audit).
 */
export async function loginSecondFactor(
  db: Db,
  input: Login2faInput,
  client: ClientInfo,
  deps: SessionDeps,
) {
  const ip = client.ip ?? 'unknown';
  const claim = deps.twoFactor.challenges.verify(input.challenge);
  const expired = () => new AppError('UNAUTHENTICATED', TWO_FACTOR_MSG.challengeExpired);
  if (!claim) throw expired();
  const user = await loadSessionUser(db, { id: claim.usuarioId });
  // a password change since (token_version) or two-factor turned off voids the challenge
  if (!user || user.token_version !== claim.tokenVersion || !user.two_factor) throw expired();
  await assertNotLocked(db, user.login, ip);
  await assertNotLocked(db, user.login, ANY_IP_2FA);
  const refusal = accessRefusal(user);
  if (refusal) throw new AppError('UNAUTHENTICATED', refusal);

  const session = await db.transaction(async (tx) => {
    const via = await verifySecondFactor(tx, deps.twoFactor, user.id, input.code);
    return via ? openSession(tx, user, client, deps, { segundo_fator: via }) : null;
  });
  if (session) return session;
  await countFailure(db, { login: user.login, userId: user.id, ip }, deps, 'login.2fa_failed', ANY_IP_2FA);
  throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MSG.codeInvalid);
}
