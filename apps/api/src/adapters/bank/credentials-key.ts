import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SecretBox } from '../../modules/auth/secret-box.js';

/**
 * The key material that seals the contas' bank credentials: BANK_CREDENTIALS_KEY, else JWT_SECRET,
 * else a random key kept in DATA_DIR/bank-credentials.key (created once, mode 0600) — so a demo
 * without JWT_SECRET, whose sessions end at each restart, still reads the credentials it stored.
 */
export function bankCredentialsKey(configured: string | null, jwtSecret: string | null, dataDir: string): string {
  if (configured) return configured;
  if (jwtSecret) return jwtSecret;
  const file = path.join(dataDir, 'bank-credentials.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // another process wrote it first
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/** A SecretBox built on its first use (reading or creating the key file only then). */
export function lazySecretBox(make: () => SecretBox): SecretBox {
  let box: SecretBox | null = null;
  const get = () => (box ??= make());
  return { seal: (plain, context) => get().seal(plain, context), open: (sealed, context) => get().open(sealed, context) };
}
