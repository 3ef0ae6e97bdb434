import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring links to stored files. Whoever lists a record's files has already been authorised for
 * that record; the link it receives carries an HMAC of (file id, expiry), so GET /api/arquivo
 * serves the file without a bearer token (an <img> tag cannot send one) and only until it expires.
 */
export type FileLinkSigner = {
  url(fileId: string, ttlSeconds?: number): string;
  verify(fileId: string, exp: string, sig: string): boolean;
};

export function fileLinkSigner(secret: string, defaultTtlSeconds: number, now = () => Date.now()): FileLinkSigner {
  const mac = (fileId: string, exp: string) => createHmac('sha256', secret).update(`${fileId}.${exp}`).digest('base64url');
  return {
    url(fileId, ttlSeconds = defaultTtlSeconds) {
      const exp = String(Math.floor(now() / 1000) + ttlSeconds);
      return `/api/arquivo/${fileId}?exp=${exp}&sig=${mac(fileId, exp)}`;
    },
    verify(fileId, exp, sig) {
      if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now()) return false;
      const expected = Buffer.from(mac(fileId, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
