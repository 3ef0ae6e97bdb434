import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of small secrets (the TOTP secrets): AES-256-GCM with a random 96-bit IV per
 * value and a context string bound as associated data (the user id), so a sealed value copied to
 * another user's row does not open. The key is derived with HKDF-SHA256 from the configured
 * material (TOTP_ENCRYPTION_KEY, else JWT_SECRET) and a purpose label, so one secret never serves
 * two purposes. Sealed form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /** The plain text, or null when the value is malformed, was sealed with another key or for another context. */
  open(sealed: string, context: string): string | null;
};

export function deriveKey(material: string, purpose: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'boleto-garantido', purpose, bytes));
}

export function secretBox(material: string, purpose = 'totp-secret'): SecretBox {
  const key = deriveKey(material, purpose);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') return null;
      try {
        const [iv, tag, data] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
