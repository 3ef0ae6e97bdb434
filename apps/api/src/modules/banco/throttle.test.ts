import { describe, expect, it } from 'vitest';
import { createMinIntervalLimiter, createRateLimiter, type ThrottleClock } from './throttle.js';

/** A clock that only moves when the test says so; sleepers wake when their time is reached. */
function manualClock() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const clock: ThrottleClock = {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    clock,
    get now() {
      return now;
    },
    /** Moves time forward to each sleeper's deadline in turn, letting what wakes run. */
    async advance(ms: number) {
      const target = now + ms;
      await settle();
      while (now < target) {
        const next = Math.min(target, ...sleepers.map((x) => x.until));
        now = Math.max(now, next);
        for (const s of sleepers.filter((x) => x.until <= now)) {
          sleepers.splice(sleepers.indexOf(s), 1);
          s.wake();
        }
        await settle();
      }
    },
    settle,
  };
}

function maxStartsInAnyWindow(starts: number[], windowMs: number): number {
  return Math.max(...starts.map((t) => starts.filter((u) => u >= t && u < t + windowMs).length));
}

describe('createRateLimiter (5 per second, as Caixa documents)', () => {
  it('starts the first five at once and the rest one window later, in the order scheduled', async () => {
    const time = manualClock();
    const limiter = createRateLimiter({ perSecond: 5, marginMs: 0, clock: time.clock });
    const started: { id: number; at: number }[] = [];
    const results = Array.from({ length: 12 }, (_, id) =>
      limiter.schedule(() => {
        started.push({ id, at: time.now });
        return id * 10;
      }),
    );
    await time.settle();
    expect(started.map((s) => s.id)).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.pending()).toBe(7);

    await time.advance(999);
    expect(started).toHaveLength(5);
    await time.advance(1);
    expect(started).toHaveLength(10);
    await time.advance(1000);
    expect(started).toHaveLength(12);

    expect(started.map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(started.map((s) => s.at)).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
    expect(maxStartsInAnyWindow(started.map((s) => s.at), 1000)).toBeLessThanOrEqual(5);
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]);
  });

  it('counts starts in a sliding window, so calls spread out in time never wait', async () => {
    const time = manualClock();
    const limiter = createRateLimiter({ perSecond: 5, marginMs: 0, clock: time.clock });
    const starts: number[] = [];
    for (let i = 0; i < 10; i++) {
      void limiter.schedule(() => starts.push(time.now));
      await time.settle();
      await time.advance(250);
    }
    // one call every 250 ms is 4 per second: each started when it was scheduled
    expect(starts).toEqual([0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250]);
  });

  it("a call's failure reaches its caller only; the queue goes on", async () => {
    const time = manualClock();
    const limiter = createRateLimiter({ perSecond: 1, marginMs: 0, clock: time.clock });
    const failing = limiter.schedule(() => {
      throw new Error('banco fora do ar');
    });
    const next = limiter.schedule(async () => 'ok');
    await expect(failing).rejects.toThrow('banco fora do ar');
    await time.advance(1000);
    await expect(next).resolves.toBe('ok');
  });

  it('says how long a call scheduled now would wait, counting those already queued', async () => {
    const time = manualClock();
    const limiter = createRateLimiter({ perSecond: 2, marginMs: 0, clock: time.clock });
    expect(limiter.waitMs()).toBe(0);
    void limiter.schedule(() => undefined);
    void limiter.schedule(() => undefined);
    await time.settle();
    expect(limiter.waitMs()).toBe(1000);
    void limiter.schedule(() => undefined);
    void limiter.schedule(() => undefined);
    expect(limiter.waitMs()).toBe(2000);
    await time.advance(400);
    expect(limiter.waitMs()).toBe(1600);
  });

  it('by default leaves a margin: the sixth call starts 1.2 s after the first', async () => {
    const time = manualClock();
    const limiter = createRateLimiter({ perSecond: 5, clock: time.clock });
    const starts: number[] = [];
    for (let i = 0; i < 6; i++) void limiter.schedule(() => starts.push(time.now));
    await time.advance(1_199);
    expect(starts).toHaveLength(5);
    await time.advance(1);
    expect(starts).toEqual([0, 0, 0, 0, 0, 1_200]);
    const token = createMinIntervalLimiter({ minIntervalMs: 60_000, clock: time.clock });
    void token.schedule(() => undefined);
    void token.schedule(() => undefined);
    await time.settle();
    // one started now, one waits 61 s: a third would wait 122 s
    expect(token.waitMs()).toBe(122_000);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createRateLimiter({ perSecond: 0 })).toThrow(RangeError);
    expect(() => createRateLimiter({ perSecond: 2.5 })).toThrow(RangeError);
  });
});

describe('createMinIntervalLimiter (one token request per minute)', () => {
  it('starts calls at least the interval apart, in order', async () => {
    const time = manualClock();
    const limiter = createMinIntervalLimiter({ minIntervalMs: 60_000, marginMs: 0, clock: time.clock });
    const starts: { n: number; at: number }[] = [];
    const calls = [1, 2, 3].map((n) => limiter.schedule(() => starts.push({ n, at: time.now })));
    await time.settle();
    expect(starts).toEqual([{ n: 1, at: 0 }]);
    await time.advance(59_999);
    expect(starts).toHaveLength(1);
    await time.advance(1);
    expect(starts).toEqual([
      { n: 1, at: 0 },
      { n: 2, at: 60_000 },
    ]);
    await time.advance(60_000);
    expect(starts.map((s) => s.at)).toEqual([0, 60_000, 120_000]);
    await Promise.all(calls);
  });

  it('a call after a quiet minute starts at once', async () => {
    const time = manualClock();
    const limiter = createMinIntervalLimiter({ minIntervalMs: 60_000, marginMs: 0, clock: time.clock });
    await limiter.schedule(() => undefined);
    await time.advance(90_000);
    const startedAt: number[] = [];
    void limiter.schedule(() => startedAt.push(time.now));
    await time.settle();
    expect(startedAt).toEqual([90_000]);
  });
});
