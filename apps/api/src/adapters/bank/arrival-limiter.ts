import { realThrottleClock, type RateLimiter, type ThrottleClock } from '../../modules/banco/throttle.js';

/**
 * At most `limit` requests ARRIVE at the bank within any `windowMs`, whatever the network does.
 *
 * A limiter on start times (throttle.ts) cannot promise that: a request started early may be held
 * up (a cold connection, a busy event loop, the internet) and land among the next second's — on a
 * loaded machine the Caixa sandbox saw a sixth request inside its second with the 200 ms margin. A
 * request arrives somewhere between its start and the end of its answer, so here each of `limit`
 * permits is held while its call runs and for `windowMs` after it ended: two calls on one permit
 * arrive at least `windowMs` apart, and any `limit + 1` calls share a permit (pigeonhole). The cost
 * is the call's own latency per permit: 5 per (1 s + latency) instead of 5 per second.
 */
export function createArrivalLimiter(options: { limit: number; windowMs: number; clock?: ThrottleClock }): RateLimiter {
  const { limit, windowMs } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('O limite de chamadas deve ser um inteiro ≥ 1.');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('A janela deve ser um número de milissegundos > 0.');
  const clock = options.clock ?? realThrottleClock;
  let free = limit;
  const queue: (() => void)[] = [];

  function startWhatFits() {
    while (free > 0 && queue.length > 0) {
      free--;
      queue.shift()!();
    }
  }

  function release() {
    void clock.sleep(windowMs).then(() => {
      free++;
      startWhatFits();
    });
  }

  return {
    schedule<T>(fn: () => T | Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          // A synchronous throw becomes the caller's rejection; the permit is held either way.
          Promise.resolve().then(fn).then(resolve, reject).finally(release);
        });
        startWhatFits();
      });
    },
    pending: () => queue.length,
    // An estimate (how long the calls ahead run is unknown): a window per `limit` calls queued ahead.
    waitMs: () => (free > 0 && queue.length === 0 ? 0 : Math.ceil((queue.length + 1) / limit) * windowMs),
  };
}
