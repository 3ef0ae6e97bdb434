import { eq } from 'drizzle-orm';
import { MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { refreshToken } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { hashToken, issueRefreshToken, revokeFamily, type ClientInfo } from './refresh-tokens.js';
import { accessRefusal, loadSessionUser } from './session-user.js';
import type { SessionDeps } from './login.js';

const expired = () => new AppError('UNAUTHENTICATED', MSG.sessionExpired);

/** The answer to a refresh that lost a race: the cookie jar already holds the newer token. */
const superseded = () =>
  new AppError('CONFLICT', 'A sessão acabou de ser renovada. Tente novamente.', { extra: { retry: true } });

/**
 * POST /api/login/refresh: rotates the refresh token. The row is locked, so two concurrent
 * refreshes with one token rotate once. A token presented again within the reuse grace window
 * (two tabs refreshing together, a request the browser resent) is a lost race, not a theft: the
 * loser gets 409 `retry` and the family lives, because revoking it would also kill the winner's
 * fresh token and log every tab out. Presented later, a used token means it was stolen or
 * replayed, and the whole family is revoked (the user must log in again).
 */
export async function refreshSession(db: Db, rawToken: string | undefined, client: ClientInfo, deps: SessionDeps) {
  if (!rawToken) throw expired();
  const outcome = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(refreshToken)
      .where(eq(refreshToken.token_hash, hashToken(rawToken)))
      .for('update');
    const token = rows[0];
    if (!token) return { kind: 'unknown' as const };
    if (token.revoked_at) return { kind: 'revoked' as const };
    if (token.used_at && Date.now() - token.used_at.getTime() <= deps.refreshReuseGraceSeconds * 1000) {
      return { kind: 'superseded' as const };
    }
    if (token.used_at) {
      await revokeFamily(tx, token.family_id);
      await recordAudit(tx, { id: token.usuario_id, ip: client.ip }, {
        action: 'session.reuse_detected',
        entity: 'usuario',
        entityId: token.usuario_id,
        summary: { family: token.family_id },
      });
      return { kind: 'reused' as const };
    }
    if (token.expires_at <= new Date()) return { kind: 'expired' as const };

    const user = await loadSessionUser(tx, { id: token.usuario_id });
    if (!user || accessRefusal(user)) {
      await revokeFamily(tx, token.family_id);
      return { kind: 'refused' as const };
    }
    // the app clock, like the grace check above, so a database on another host cannot skew it
    await tx.update(refreshToken).set({ used_at: new Date() }).where(eq(refreshToken.id, token.id));
    const refresh = await issueRefreshToken(tx, user.id, deps.refreshTtlSeconds, client, token.family_id);
    return { kind: 'ok' as const, accessToken: deps.signAccessToken(user), refresh };
  });
  if (outcome.kind === 'superseded') throw superseded();
  if (outcome.kind !== 'ok') throw expired();
  return outcome;
}

/** POST /api/logout: revokes the session's token family. Idempotent. */
export async function logout(db: Db, rawToken: string | undefined, client: ClientInfo): Promise<void> {
  if (!rawToken) return;
  await db.transaction(async (tx) => {
    const [token] = await tx.select().from(refreshToken).where(eq(refreshToken.token_hash, hashToken(rawToken)));
    if (!token) return;
    await revokeFamily(tx, token.family_id);
    await recordAudit(tx, { id: token.usuario_id, ip: client.ip }, { action: 'logout', entity: 'usuario', entityId: token.usuario_id });
  });
}
