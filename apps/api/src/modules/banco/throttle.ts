/**
 * Client-side rate limiters for banks that throttle callers. Caixa's "API de Gestão de Boletos"
 * accepts at most 5 requests per second and its SSO one token request per minute; going over
 * answers 429 and, repeated, gets the caller's address blocked by Caixa's security tooling
 * (docs/banks.md "## Caixa"). So the client waits its turn here instead of finding out from the
 * bank.
 *
 * A limiter lets at most `limit` calls START within any window of `windowMs` (a sliding window
 * over start times: how long a call runs does not matter to the bank's counter), in the order
 * they were scheduled. Time comes from an injected clock so tests run without waiting.
 */

export interface ThrottleClock {
  /** Milliseconds on any monotonic-enough scale. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realThrottleClock: ThrottleClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface RateLimiter {
  /** Runs fn once its turn comes (FIFO); answers what fn answers, or its error. */
  schedule<T>(fn: () => T | Promise<T>): Promise<T>;
  /** Calls scheduled and not yet started. */
  pending(): number;
  /** Milliseconds until a call scheduled now could start (0 when it would start at once). */
  waitMs(): number;
}

interface Waiting {
  start: () => void;
}

function createWindowLimiter(limit: number, windowMs: number, clock: ThrottleClock): RateLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('O limite de chamadas deve ser um inteiro ≥ 1.');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('A janela deve ser um número de milissegundos > 0.');

  /** Start times of the calls inside the current window, oldest first (never more than `limit`). */
  const starts: number[] = [];
  const queue: Waiting[] = [];
  let pumping = false;

  function forgetOld(now: number): void {
    while (starts.length > 0 && starts[0] <= now - windowMs) starts.shift();
  }

  /** When a call scheduled now would start: replays the window for everyone queued before it. */
  function waitMs(): number {
    const now = clock.now();
    forgetOld(now);
    const window = [...starts];
    let at = now;
    for (let i = 0; i <= queue.length; i++) {
      while (window.length > 0 && window[0] <= at - windowMs) window.shift();
      if (window.length >= limit) {
        at = window[0] + windowMs;
        window.shift();
      }
      window.push(at);
    }
    return at - now;
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const now = clock.now();
        forgetOld(now);
        if (starts.length >= limit) {
          await clock.sleep(starts[0] + windowMs - now);
          continue;
        }
        starts.push(now);
        queue.shift()!.start();
      }
    } finally {
      pumping = false;
    }
  }

  return {
    schedule<T>(fn: () => T | Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          start: () => {
            // A synchronous throw becomes the caller's rejection, never the pump's.
            Promise.resolve().then(fn).then(resolve, reject);
          },
        });
        void pump();
      });
    },
    pending: () => queue.length,
    waitMs,
  };
}

/**
 * Slack added to the window by default. The bank counts requests when they ARRIVE: a burst sent
 * over fresh connections lands later than the next burst sent over warm ones, so a limiter exact
 * to the millisecond on our side still puts a sixth request inside the bank's second (measured
 * against the sandbox: all five of the second burst refused). 200 ms costs 5 per 1.2 s.
 */
export const DEFAULT_RATE_MARGIN_MS = 200;
/** For the token: a minute and a second between requests. */
export const DEFAULT_INTERVAL_MARGIN_MS = 1_000;

/** At most `perSecond` calls start in any second (+ marginMs), in the order scheduled (Caixa: 5). */
export function createRateLimiter(options: { perSecond: number; marginMs?: number; clock?: ThrottleClock }): RateLimiter {
  const margin = options.marginMs ?? DEFAULT_RATE_MARGIN_MS;
  return createWindowLimiter(options.perSecond, 1000 + margin, options.clock ?? realThrottleClock);
}

/** Calls start at least `minIntervalMs` (+ marginMs) apart, in the order scheduled (Caixa's SSO: 60 000). */
export function createMinIntervalLimiter(options: { minIntervalMs: number; marginMs?: number; clock?: ThrottleClock }): RateLimiter {
  const margin = options.marginMs ?? DEFAULT_INTERVAL_MARGIN_MS;
  return createWindowLimiter(1, options.minIntervalMs + margin, options.clock ?? realThrottleClock);
}
