import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { refreshToken } from '../../db/schema/index.js';

/** Refresh tokens are random; only their SHA-256 is stored, so a database leak reveals none. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export type ClientInfo = { ip: string | null; userAgent: string | null };

/** Issues a new refresh token in a family (a new family at login, the same one on rotation). */
export async function issueRefreshToken(
  db: DbOrTx,
  usuarioId: number,
  ttlSeconds: number,
  client: ClientInfo,
  familyId: string = randomUUID(),
): Promise<{ raw: string; familyId: string; expiresAt: Date }> {
  const raw = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(refreshToken).values({
    id: randomUUID(),
    family_id: familyId,
    usuario_id: usuarioId,
    token_hash: hashToken(raw),
    expires_at: expiresAt,
    ip: client.ip?.slice(0, 64) ?? null,
    user_agent: client.userAgent?.slice(0, 300) ?? null,
  });
  return { raw, familyId, expiresAt };
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshToken.family_id, familyId), isNull(refreshToken.revoked_at)));
}

/**
 * Ends every session of a user but one: its refresh tokens are revoked except those of the family
 * of `keepRaw` (the caller's own refresh token, when it came with the request and is the user's
 * and still alive). Answers the family kept, or null when none was.
 */
export async function revokeOtherSessions(db: DbOrTx, usuarioId: number, keepRaw: string | undefined): Promise<string | null> {
  const [kept] = keepRaw
    ? await db
        .select({ family_id: refreshToken.family_id })
        .from(refreshToken)
        .where(and(eq(refreshToken.token_hash, hashToken(keepRaw)), eq(refreshToken.usuario_id, usuarioId), isNull(refreshToken.revoked_at)))
    : [];
  const family = kept?.family_id ?? null;
  await db
    .update(refreshToken)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshToken.usuario_id, usuarioId), isNull(refreshToken.revoked_at), family ? ne(refreshToken.family_id, family) : undefined));
  return family;
}

export async function revokeAllForUser(db: DbOrTx, usuarioId: number): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshToken.usuario_id, usuarioId), isNull(refreshToken.revoked_at)));
}
