import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The public API's tokens (decision 117): `bg_live_<prefixo 8>_<segredo 43>`. The prefix is random
 * (base62, ~47 bits), visible in Integrações and unique in the database: a call finds its secret's
 * row by it. The secret is 256 random bits (base64url); only the SHA-256 of the whole token is
 * stored and compared in constant time. A 256-bit random secret needs no slow hash: nobody can
 * guess it, and a leaked hash does not give it back.
 */
export const TOKEN_PREFIX = 'bg_live_';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN = /^bg_live_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 × 4: bytes above it are skipped so every character is equally likely
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export type NovoSegredo = { prefixo: string; chave: string; hash: string };

/** A new token: its visible prefix, the whole token (answered once) and its hash (stored). */
export function novoSegredo(): NovoSegredo {
  const prefixo = `${TOKEN_PREFIX}${base62(8)}`;
  const chave = `${prefixo}_${randomBytes(32).toString('base64url')}`;
  return { prefixo, chave, hash: hashChave(chave) };
}

export function hashChave(chave: string): string {
  return createHash('sha256').update(chave, 'utf8').digest('hex');
}

/** The prefix of a well-formed token (`bg_live_XXXXXXXX`), or null for anything else. */
export function prefixoDe(chave: string): string | null {
  const m = TOKEN.exec(chave);
  return m ? `${TOKEN_PREFIX}${m[1]}` : null;
}

/** Whether `chave` hashes to `hash`, compared in constant time. */
export function confereHash(chave: string, hash: string): boolean {
  const a = Buffer.from(hashChave(chave), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
