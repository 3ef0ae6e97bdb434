import { MSG, type LoginInput } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { dummyHash, verifyPassword } from './password-hash.js';
import { assertNotLocked, clearFailures, failureDelayMs, registerFailure, type ThrottlePolicy } from './login-throttle.js';
import type { ChallengeSigner } from './login-challenge.js';
import { issueRefreshToken, type ClientInfo } from './refresh-tokens.js';
import type { SecondFactorDeps } from './verify-second-factor.js';
import { accessRefusal, loadSessionUser, type SessionUser } from './session-user.js';

export type SessionDeps = {
  policy: ThrottlePolicy;
  refreshTtlSeconds: number;
  /** A used refresh token presented again this soon is a lost race, not a replay (refresh-session.ts). */
  refreshReuseGraceSeconds: number;
  /** Adds `mfa: 'setup-required'` for an administrador who must still set up two-factor sign-in. */
  signAccessToken: (user: Pick<SessionUser, 'id' | 'token_version' | 'nivel' | 'two_factor'>) => string;
  onLocked?: (login: string, ip: string) => void;
  /** Two-factor sign-in (docs/decisions/095): the TOTP secrets' box and the login challenge. */
  twoFactor: SecondFactorDeps & { challenges: ChallengeSigner };
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type LoginOutcome =
  | { kind: 'session'; accessToken: string; refresh: Awaited<ReturnType<typeof issueRefreshToken>> }
  | { kind: 'challenge'; challenge: string };

/**
 * POST /api/login: checks the throttle, the password and the user's state. A user with two-factor
 * sign-in gets a challenge for POST /api/login/2fa and no session yet; its failure count is left
 * as it is (a right password must not reset the count of wrong codes). Anyone else gets a session.
 */
export async function login(db: Db, input: LoginInput, client: ClientInfo, deps: SessionDeps): Promise<LoginOutcome> {
  const ip = client.ip ?? 'unknown';
  await assertNotLocked(db, input.username, ip);
  const user = await loadSessionUser(db, { login: input.username });
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password);

  if (!user || !ok) {
    await countFailure(db, { login: input.username, userId: user?.id ?? null, ip }, deps, 'login.failed');
    throw new AppError('UNAUTHENTICATED', MSG.loginFailed);
  }

  const refusal = accessRefusal(user);
  if (refusal) throw new AppError('UNAUTHENTICATED', refusal);

  if (user.two_factor) {
    await recordAudit(db, { id: user.id, ip }, { action: 'login.2fa_challenge', entity: 'usuario', entityId: user.id });
    return { kind: 'challenge', challenge: deps.twoFactor.challenges.sign(user) };
  }
  return db.transaction(async (tx) => ({ kind: 'session' as const, ...(await openSession(tx, user, client, deps)) }));
}

/**
 * Opens a session in the caller's transaction: clears the (login, IP) failures, issues the refresh
 * token, audits the login and signs the access token. Shared by the password login and its
 * two-factor second step.
 */
export async function openSession(tx: DbOrTx, user: SessionUser, client: ClientInfo, deps: SessionDeps, summary?: Record<string, unknown>) {
  await clearFailures(tx, user.login, client.ip ?? 'unknown');
  const refresh = await issueRefreshToken(tx, user.id, deps.refreshTtlSeconds, client);
  await recordAudit(tx, { id: user.id, ip: client.ip }, { action: 'login', entity: 'usuario', entityId: user.id, ...(summary ? { summary } : {}) });
  return { accessToken: deps.signAccessToken(user), refresh };
}

/**
 * Counts a failed attempt for (login, IP) — and, for second-factor codes, also for the login from
 * any IP (`alsoKey`) — audits it, logs a lock, and waits the growing delay before the caller answers.
 */
export async function countFailure(
  db: Db,
  who: { login: string; userId: number | null; ip: string },
  deps: SessionDeps,
  action: string,
  alsoKey?: string,
): Promise<void> {
  const { failures, locked } = await registerFailure(db, who.login, who.ip, deps.policy);
  const across = alsoKey ? await registerFailure(db, who.login, alsoKey, deps.policy) : { failures: 0, locked: false };
  const anyLock = locked || across.locked;
  await recordAudit(db, { id: who.userId, ip: who.ip }, {
    action: anyLock ? 'login.locked' : action,
    entity: 'usuario',
    entityId: who.userId,
    summary: { login: who.login, failures, ...(alsoKey ? { failures_any_ip: across.failures } : {}) },
  });
  if (anyLock) deps.onLocked?.(who.login, locked ? who.ip : alsoKey!);
  await sleep(failureDelayMs(Math.max(failures, across.failures), deps.policy.delayBaseMs));
}
