import { MSG, type LoginInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { dummyHash, verifyPassword } from './password-hash.js';
import { assertNotLocked, clearFailures, failureDelayMs, registerFailure, type ThrottlePolicy } from './login-throttle.js';
import { issueRefreshToken, type ClientInfo } from './refresh-tokens.js';
import { accessRefusal, loadSessionUser } from './session-user.js';

export type SessionDeps = {
  policy: ThrottlePolicy;
  refreshTtlSeconds: number;
  /** A used refresh token presented again this soon is a lost race, not a replay (refresh-session.ts). */
  refreshReuseGraceSeconds: number;
  signAccessToken: (user: { id: number; token_version: number }) => string;
  onLocked?: (login: string, ip: string) => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST /api/login: checks the throttle, the password and the user's state; opens a session. */
export async function login(db: Db, input: LoginInput, client: ClientInfo, deps: SessionDeps) {
  const ip = client.ip ?? 'unknown';
  await assertNotLocked(db, input.username, ip);
  const user = await loadSessionUser(db, { login: input.username });
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password);

  if (!user || !ok) {
    const { failures, locked } = await registerFailure(db, input.username, ip, deps.policy);
    await recordAudit(db, { id: user?.id ?? null, ip }, {
      action: locked ? 'login.locked' : 'login.failed',
      entity: 'usuario',
      entityId: user?.id ?? null,
      summary: { login: input.username, failures },
    });
    if (locked) deps.onLocked?.(input.username, ip);
    await sleep(failureDelayMs(failures, deps.policy.delayBaseMs));
    throw new AppError('UNAUTHENTICATED', MSG.loginFailed);
  }

  const refusal = accessRefusal(user);
  if (refusal) throw new AppError('UNAUTHENTICATED', refusal);

  return db.transaction(async (tx) => {
    await clearFailures(tx, input.username, ip);
    const refresh = await issueRefreshToken(tx, user.id, deps.refreshTtlSeconds, client);
    await recordAudit(tx, { id: user.id, ip }, { action: 'login', entity: 'usuario', entityId: user.id });
    return { accessToken: deps.signAccessToken(user), refresh };
  });
}
