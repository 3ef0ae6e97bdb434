import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginThrottle } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';

/**
 * Brute-force protection keyed on (login, IP). Failures slow the answer down, then lock that pair
 * for a while. Because the key includes the IP, somebody failing on purpose elsewhere cannot keep
 * the real user out, and every lock ends by itself.
 */
export type ThrottlePolicy = { maxFailures: number; lockMinutes: number; delayBaseMs: number };

/**
 * Second-factor codes are also counted per login from every IP together (this value in the ip
 * column): with the password known, spreading guesses of 6 digits over many addresses does not
 * buy more of them. It locks only the code step, never the password step of the real user's IP.
 */
export const ANY_IP_2FA = '2fa:qualquer-ip';

/** Delay before answering the n-th consecutive failure: none for the first 3, then doubling to 4 s. */
export function failureDelayMs(failures: number, baseMs: number): number {
  if (failures < 3 || baseMs <= 0) return 0;
  return Math.min(baseMs * 2 ** (failures - 3), 4000);
}

export async function assertNotLocked(db: DbOrTx, login: string, ip: string): Promise<void> {
  const [row] = await db
    .select({ locked_until: loginThrottle.locked_until })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.login, login.toLowerCase()), eq(loginThrottle.ip, ip)));
  if (row?.locked_until && row.locked_until > new Date()) {
    const minutes = Math.max(1, Math.ceil((row.locked_until.getTime() - Date.now()) / 60000));
    throw new AppError('TOO_MANY_REQUESTS', `Muitas tentativas sem sucesso. Tente novamente em ${minutes} minuto(s).`);
  }
}

/** Counts one failure; answers the new count and whether this failure locked the pair. */
export async function registerFailure(
  db: DbOrTx,
  login: string,
  ip: string,
  policy: ThrottlePolicy,
): Promise<{ failures: number; locked: boolean }> {
  const window = `${policy.lockMinutes} minutes`;
  const result = await db.execute(sql`
    INSERT INTO login_throttle AS t (login, ip, failures, window_started_at)
    VALUES (${login.toLowerCase()}, ${ip}, 1, now())
    ON CONFLICT (login, ip) DO UPDATE SET
      failures = CASE WHEN t.window_started_at < now() - ${window}::interval OR t.locked_until < now()
                      THEN 1 ELSE t.failures + 1 END,
      window_started_at = CASE WHEN t.window_started_at < now() - ${window}::interval OR t.locked_until < now()
                      THEN now() ELSE t.window_started_at END,
      locked_until = CASE WHEN t.locked_until < now() THEN NULL ELSE t.locked_until END
    RETURNING failures`);
  // a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
  const failures = Number((result as { rows: { failures: number }[] }).rows[0]?.failures ?? 1);
  if (failures >= policy.maxFailures) {
    await db
      .update(loginThrottle)
      .set({ locked_until: sql`now() + ${window}::interval` })
      .where(and(eq(loginThrottle.login, login.toLowerCase()), eq(loginThrottle.ip, ip)));
    return { failures, locked: true };
  }
  return { failures, locked: false };
}

export async function clearFailures(db: DbOrTx, login: string, ip: string): Promise<void> {
  await db.delete(loginThrottle).where(and(eq(loginThrottle.login, login.toLowerCase()), eq(loginThrottle.ip, ip)));
}
