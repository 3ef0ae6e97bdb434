import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './secret-box.js';

/**
 * The challenge POST /api/login answers a two-factor user instead of a session: the user id and
 * token version, an expiry and a nonce, with an HMAC under a key derived from the JWT secret for
 * this purpose only — so it is no access token (jwtVerify rejects it), any API process sharing
 * JWT_SECRET accepts it (no server state), and a password change (token_version bump) voids it.
 */
export type LoginChallenge = {
  usuarioId: number;
  tokenVersion: number;
  /** Random per challenge: the one that opened a session is kept until `expiresAt` (login-2fa.ts). */
  nonce: string;
  expiresAt: Date;
};

export type ChallengeSigner = {
  sign(user: { id: number; token_version: number }): string;
  verify(token: string): LoginChallenge | null;
  ttlSeconds: number;
};

export const LOGIN_CHALLENGE_TTL_SECONDS = 300;

export function challengeSigner(secret: string, ttlSeconds = LOGIN_CHALLENGE_TTL_SECONDS, now = () => Date.now()): ChallengeSigner {
  const key = deriveKey(secret, 'login-2fa-challenge');
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    ttlSeconds,
    sign(user) {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const payload = Buffer.from(JSON.stringify({ u: user.id, tv: user.token_version, exp, n: randomBytes(9).toString('base64url') })).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    verify(token) {
      const [payload, sig, extra] = token.split('.');
      if (!payload || !sig || extra !== undefined) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: unknown; tv: unknown; exp: unknown; n: unknown };
        if (typeof body.u !== 'number' || typeof body.tv !== 'number' || typeof body.exp !== 'number') return null;
        if (typeof body.n !== 'string' || !/^[\w-]{8,32}$/.test(body.n)) return null;
        if (body.exp * 1000 < now()) return null;
        return { usuarioId: body.u, tokenVersion: body.tv, nonce: body.n, expiresAt: new Date(body.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
