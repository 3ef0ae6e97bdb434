import { eq, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR_MSG, type Login2faInput } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { loginChallengeUsado } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { verifySecondFactor } from './verify-second-factor.js';
import { openSession, recordFailure, type SessionDeps } from './login.js';
import { ANY_IP_2FA, claimAttempt } from './login-throttle.js';
import type { LoginChallenge } from './login-challenge.js';
import type { ClientInfo } from './refresh-tokens.js';
import { accessRefusal, loadSessionUser } from './session-user.js';

/**
 * POST /api/login/2fa: the challenge of POST /api/login and a code (TOTP or recovery). Throttled
 * like passwords (login-throttle.ts) — per (login, IP), and per login from every address unless
 * this one is known — and, once the code is right, the session opens exactly as a login does
 * (access token, refresh cookie, audit). A challenge opens one session: its nonce is kept until it
 * expires, and a second completion — later or racing — is refused (decision 106).
 */
export async function loginSecondFactor(
  db: Db,
  input: Login2faInput,
  client: ClientInfo,
  deps: SessionDeps,
) {
  const claim = deps.twoFactor.challenges.verify(input.challenge);
  const expired = () => new AppError('UNAUTHENTICATED', TWO_FACTOR_MSG.challengeExpired);
  if (!claim) throw expired();
  const user = await loadSessionUser(db, { id: claim.usuarioId });
  // a password change since (token_version) or two-factor turned off voids the challenge
  if (!user || user.token_version !== claim.tokenVersion || !user.two_factor) throw expired();
  // one that already opened a session is spent: refused before any code is checked or counted
  const [spent] = await db.select({ nonce: loginChallengeUsado.nonce }).from(loginChallengeUsado).where(eq(loginChallengeUsado.nonce, claim.nonce));
  if (spent) throw expired();
  const refusal = accessRefusal(user);
  if (refusal) throw new AppError('UNAUTHENTICATED', refusal);
  const attempt = await claimAttempt(db, deps.limits, user.login, client.ip ?? 'unknown', ANY_IP_2FA);

  const session = await db.transaction(async (tx) => {
    const via = await verifySecondFactor(tx, deps.twoFactor, user.id, input.code);
    if (!via) return null;
    // a racing completion of the same challenge waits here and finds the nonce taken: its code
    // is given back with the rollback
    if (!(await spendChallenge(tx, claim))) throw expired();
    return openSession(tx, user, client, deps, attempt, { segundo_fator: via });
  });
  if (session) return session;
  await recordFailure(db, attempt, user.id, deps, 'login.2fa_failed');
  throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MSG.codeInvalid);
}

/** Keeps the challenge's nonce until it expires; false when another request already spent it. */
async function spendChallenge(tx: DbOrTx, claim: LoginChallenge): Promise<boolean> {
  // the spent challenges of the last hour are enough: an older one has expired anyway (5 minutes)
  await tx.delete(loginChallengeUsado).where(lt(loginChallengeUsado.expira_em, sql`now() - interval '1 hour'`));
  const kept = await tx
    .insert(loginChallengeUsado)
    .values({ nonce: claim.nonce, usuario_id: claim.usuarioId, expira_em: claim.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: loginChallengeUsado.nonce });
  return kept.length > 0;
}
