import { MSG, type LoginInput } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { dummyHash, verifyPassword } from './password-hash.js';
import { ANY_IP_PASSWORD, claimAttempt, type Attempt, type LoginLimits } from './login-throttle.js';
import type { ChallengeSigner } from './login-challenge.js';
import { issueRefreshToken, type ClientInfo } from './refresh-tokens.js';
import type { SecondFactorDeps } from './verify-second-factor.js';
import { accessRefusal, loadSessionUser, type SessionUser } from './session-user.js';

export type SessionDeps = {
  /** The login limits (LOGIN_*; login-throttle.ts, decision 106). */
  limits: LoginLimits;
  refreshTtlSeconds: number;
  /** A used refresh token presented again this soon is a lost race, not a replay (refresh-session.ts). */
  refreshReuseGraceSeconds: number;
  /** Adds `mfa: 'setup-required'` for an administrador who must still set up two-factor sign-in. */
  signAccessToken: (user: Pick<SessionUser, 'id' | 'token_version' | 'nivel' | 'two_factor'>) => string;
  /** A failure made a counter start waiting: the login and the address or per-login key. */
  onBackoff?: (login: string, key: string) => void;
  /** Two-factor sign-in (docs/decisions/095): the TOTP secrets' box and the login challenge. */
  twoFactor: SecondFactorDeps & { challenges: ChallengeSigner };
};

export type LoginOutcome =
  | { kind: 'session'; accessToken: string; refresh: Awaited<ReturnType<typeof issueRefreshToken>> }
  | { kind: 'challenge'; challenge: string };

/**
 * POST /api/login: claims an attempt (login-throttle.ts: 429 while this address or, from an
 * unknown address, this login must wait), checks the password and the user's state. A user with
 * two-factor sign-in gets a challenge for POST /api/login/2fa and no session yet: the attempt is
 * taken back but the address's count of wrong codes stays. Anyone else gets a session.
 */
export async function login(db: Db, input: LoginInput, client: ClientInfo, deps: SessionDeps): Promise<LoginOutcome> {
  const attempt = await claimAttempt(db, deps.limits, input.username, client.ip ?? 'unknown', ANY_IP_PASSWORD);
  const user = await loadSessionUser(db, { login: input.username });
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password);

  if (!user || !ok) {
    await recordFailure(db, attempt, user?.id ?? null, deps, 'login.failed');
    throw new AppError('UNAUTHENTICATED', MSG.loginFailed);
  }
  // the right password: whatever follows, this was no guess
  const refusal = accessRefusal(user);
  if (refusal || user.two_factor) await attempt.succeeded(db, { session: false });
  if (refusal) throw new AppError('UNAUTHENTICATED', refusal);

  if (user.two_factor) {
    await recordAudit(db, { id: user.id, ip: client.ip }, { action: 'login.2fa_challenge', entity: 'usuario', entityId: user.id });
    return { kind: 'challenge', challenge: deps.twoFactor.challenges.sign(user) };
  }
  return db.transaction(async (tx) => ({ kind: 'session' as const, ...(await openSession(tx, user, client, deps, attempt)) }));
}

/**
 * Opens a session in the caller's transaction: the attempt that proved the last secret succeeds
 * (the address's failures restart and it becomes a known address), the refresh token is issued,
 * the login audited and the access token signed. Shared by the password login and its two-factor
 * second step.
 */
export async function openSession(tx: DbOrTx, user: SessionUser, client: ClientInfo, deps: SessionDeps, attempt: Attempt, summary?: Record<string, unknown>) {
  await attempt.succeeded(tx, { session: true });
  const refresh = await issueRefreshToken(tx, user.id, deps.refreshTtlSeconds, client);
  await recordAudit(tx, { id: user.id, ip: client.ip }, { action: 'login', entity: 'usuario', entityId: user.id, ...(summary ? { summary } : {}) });
  return { accessToken: deps.signAccessToken(user), refresh };
}

/**
 * Audits a failed attempt (already counted when it was claimed) with the counts; the failure that
 * starts a wait is audited as `login.backoff` and logged (`onBackoff`).
 */
export async function recordFailure(db: Db, attempt: Attempt, userId: number | null, deps: Pick<SessionDeps, 'onBackoff'>, action: string): Promise<void> {
  await recordAudit(db, { id: userId, ip: attempt.ip }, {
    action: attempt.startsBackoff ? 'login.backoff' : action,
    entity: 'usuario',
    entityId: userId,
    summary: {
      login: attempt.login,
      failures: attempt.address.failures,
      ...(attempt.account ? { failures_any_ip: attempt.account.failures } : {}),
      ...(attempt.startsBackoff ? { falha: action } : {}),
    },
  });
  if (attempt.startsBackoff) deps.onBackoff?.(attempt.login, attempt.address.startedBackoff ? attempt.ip : attempt.account!.key);
}
