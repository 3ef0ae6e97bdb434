import { hash, verify } from '@node-rs/argon2';

/** argon2id with a per-user random salt (inside the encoded hash). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

// A valid hash of a random string: verifying against it for unknown logins costs the same time as
// for real ones, so response time does not reveal which logins exist.
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
