import { createHash, randomBytes } from 'node:crypto';
import { ASSINATURA_TOKEN_PATTERN } from '@bg/domain';

/**
 * The signing link's secret: 32 random bytes (256 bits) in base64url. Only its SHA-256 is stored,
 * so the signature table alone never yields a usable link.
 */
export function newSigningToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSigningToken(token) };
}

export function hashSigningToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token that could have come from newSigningToken (anything else is refused without a query). */
export function isWellFormedToken(token: string): boolean {
  return ASSINATURA_TOKEN_PATTERN.test(token);
}

export function sha256Hex(bytes: Buffer | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
