import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';

/**
 * Login limits that slow guessing down and never lock anybody out (docs/decisions/106; ASVS 5.0
 * 6.1.1, 6.3.1). Every check of a secret — the login's password, a second-factor code, the
 * current password of Alterar Senha or of turning two-factor off — first claims an attempt:
 *
 * - per (login, client address): the first `freeFailures` failures in a row are answered at once;
 *   after that each failure makes the next attempt from there wait 1 s, 2 s, 4 s… up to
 *   `maxBackoffSeconds`;
 * - per login from every address (`ANY_IP_PASSWORD` for passwords, `ANY_IP_2FA` for codes): the
 *   same past `accountFreeFailures`, so spreading guesses over many addresses buys nothing — but
 *   an address the login opened a session from in the last KNOWN_ADDRESS_DAYS is exempt, so
 *   failures made elsewhere never slow the real user down at home or at the office.
 *
 * While an attempt must wait the answer is 429 with Retry-After and nothing is checked or counted,
 * so the right secret is checked again as soon as the wait is over: waiting is never refusal. The
 * counters live in `login_throttle` on the database clock, so every API process shares them. An
 * attempt counts as a failure when it is claimed (row locks serialise racing attempts, so a burst
 * at the moment a wait ends gets one check) and is taken back when its secret was right.
 */
export type LoginLimits = {
  /** LOGIN_FREE_FAILURES: failures of one login from one address answered without a wait. */
  freeFailures: number;
  /** LOGIN_ACCOUNT_FREE_FAILURES: failures of one login from every address before unknown addresses wait too. */
  accountFreeFailures: number;
  /** LOGIN_BACKOFF_MAX_SECONDS: the longest wait. */
  maxBackoffSeconds: number;
};

/** Wrong passwords of a login from every address together (the `ip` column of login_throttle). */
export const ANY_IP_PASSWORD = 'senha:qualquer-ip';
/** Wrong second-factor codes of a login from every address together (decision 095). */
export const ANY_IP_2FA = '2fa:qualquer-ip';
/** A counter with no failure for this long starts again from zero. */
export const FORGET_AFTER_HOURS = 24;
/** An address the login opened a session from this recently does not wait for failures made elsewhere. */
export const KNOWN_ADDRESS_DAYS = 30;

/** Seconds the next attempt waits after the `failures`-th failure in a row: 0, then 1, 2, 4… up to max. */
export function backoffSeconds(failures: number, free: number, max: number): number {
  if (failures < free) return 0;
  return Math.min(max, 2 ** Math.min(failures - free, 20));
}

export function tooManyAttempts(seconds: number): AppError {
  const s = Math.max(1, Math.ceil(seconds));
  return new AppError('TOO_MANY_REQUESTS', `Muitas tentativas sem sucesso. Tente novamente em ${s} ${s === 1 ? 'segundo' : 'segundos'}.`, {
    retryAfterSeconds: s,
  });
}

export type AttemptCounter = { key: string; failures: number; startedBackoff: boolean };

/** A claimed attempt: already counted as a failure until `succeeded` takes it back. */
export type Attempt = {
  login: string;
  ip: string;
  /** The failures now counted (this attempt included) on the address and, unless exempt, the login. */
  address: AttemptCounter;
  account: AttemptCounter | null;
  /** Whether this attempt, if it fails, is the one that starts a wait (worth a log line). */
  startsBackoff: boolean;
  /**
   * The secret was right. `session`: a session opens (login, second step, a password changed),
   * so the address counter restarts and the address becomes known; otherwise (the password step
   * of a two-factor login) this attempt is only taken back, and wrong codes stay counted.
   */
  succeeded(db: DbOrTx, opts: { session: boolean }): Promise<void>;
};

type CounterRow = { ip: string; failures: number; forgotten: boolean; wait: number; known: boolean };

/**
 * Claims an attempt for `login` from `ip`, counted on the address and on `accountKey`
 * (ANY_IP_PASSWORD or ANY_IP_2FA) unless the address is known. Throws 429 with Retry-After while
 * either counter must still wait.
 */
export async function claimAttempt(db: Db, limits: LoginLimits, login: string, ip: string, accountKey: string): Promise<Attempt> {
  const key = login.toLowerCase();
  // a few rows that nothing remembers any more go first (attempts keep the table small); rows an
  // attempt holds are skipped, so this never waits for nor deadlocks with one
  await db.execute(sql`
    DELETE FROM login_throttle WHERE (login, ip) IN (
      SELECT login, ip FROM login_throttle
       WHERE last_failure_at < now() - make_interval(hours => ${FORGET_AFTER_HOURS})
         AND (last_success_at IS NULL OR last_success_at < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}))
       LIMIT 20 FOR UPDATE SKIP LOCKED)`);
  const outcome = await db.transaction(async (tx) => {
    // always the address first, then the login's row: racing attempts lock in the same order
    const address = await lockCounter(tx, key, ip);
    const account = address.known ? null : await lockCounter(tx, key, accountKey);
    const wait = Math.max(...[address, account].map((c) => (c && !c.forgotten ? c.wait : 0)));
    if (wait > 0) return { waitSeconds: wait, address: null, account: null };
    const count = async (c: CounterRow, free: number): Promise<AttemptCounter> => {
      const failures = (c.forgotten ? 0 : c.failures) + 1;
      const seconds = backoffSeconds(failures, free, limits.maxBackoffSeconds);
      await tx.execute(sql`
        UPDATE login_throttle SET failures = ${failures}, last_failure_at = now(),
               next_attempt_at = CASE WHEN ${seconds}::int > 0 THEN now() + make_interval(secs => ${seconds}) END
         WHERE login = ${key} AND ip = ${c.ip}`);
      return { key: c.ip, failures, startedBackoff: failures === free };
    };
    return { waitSeconds: 0, address: await count(address, limits.freeFailures), account: account ? await count(account, limits.accountFreeFailures) : null };
  });
  const { address, account } = outcome;
  if (!address) throw tooManyAttempts(outcome.waitSeconds);

  return {
    login: key,
    ip,
    address,
    account,
    startsBackoff: address.startedBackoff || account?.startedBackoff === true,
    async succeeded(conn, { session }) {
      if (session) {
        await conn.execute(sql`
          UPDATE login_throttle SET failures = 0, next_attempt_at = NULL, last_success_at = now()
           WHERE login = ${key} AND ip = ${ip}`);
      } else {
        await takeBack(conn, key, address);
      }
      if (account) await takeBack(conn, key, account);
    },
  };
}

/** The counter's row, created when missing and locked until the transaction ends, in one statement. */
async function lockCounter(tx: DbOrTx, login: string, ip: string): Promise<CounterRow> {
  const result = await tx.execute(sql`
    INSERT INTO login_throttle AS t (login, ip, failures) VALUES (${login}, ${ip}, 0)
    ON CONFLICT (login, ip) DO UPDATE SET failures = t.failures
    RETURNING t.ip, t.failures,
           (t.last_failure_at IS NULL OR t.last_failure_at < now() - make_interval(hours => ${FORGET_AFTER_HOURS})) AS forgotten,
           coalesce(extract(epoch FROM t.next_attempt_at - now()), 0)::float8 AS wait,
           coalesce(t.last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}), false) AS known`);
  // a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
  const row = (result as { rows: CounterRow[] }).rows[0];
  return { ip: row.ip, failures: Number(row.failures), forgotten: Boolean(row.forgotten), wait: Number(row.wait), known: Boolean(row.known) };
}

/**
 * Takes one claimed attempt back. The wait it set goes too, unless another attempt was claimed
 * since (then that one's wait stands).
 */
async function takeBack(conn: DbOrTx, login: string, counter: AttemptCounter): Promise<void> {
  await conn.execute(sql`
    UPDATE login_throttle SET failures = greatest(failures - 1, 0),
           next_attempt_at = CASE WHEN failures = ${counter.failures} THEN NULL ELSE next_attempt_at END
     WHERE login = ${login} AND ip = ${counter.key}`);
}
