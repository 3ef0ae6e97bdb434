import { describe, expect, it } from 'vitest';
import type { ThrottleClock } from '../../modules/banco/throttle.js';
import { createArrivalLimiter } from './arrival-limiter.js';

/** A clock that moves only when told; sleepers wake when their time comes. */
function manualClock() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const clock: ThrottleClock = { now: () => now, sleep: (ms) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })) };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return {
    clock,
    now: () => now,
    settle,
    async advance(ms: number) {
      await settle();
      now += ms;
      for (const s of sleepers.filter((x) => x.until <= now)) {
        sleepers.splice(sleepers.indexOf(s), 1);
        s.wake();
      }
      await settle();
    },
  };
}

/** A call that ends when the test says so, remembering when it started. */
function gate(started: number[], clock: { now(): number }) {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { run: () => (started.push(clock.now()), done), end: () => end() };
}

describe('createArrivalLimiter', () => {
  it('holds a permit while its call runs and for the window after it ended', async () => {
    const c = manualClock();
    const limiter = createArrivalLimiter({ limit: 2, windowMs: 1000, clock: c.clock });
    const started: number[] = [];
    const calls = [gate(started, c), gate(started, c), gate(started, c)];
    const results = calls.map((g) => limiter.schedule(g.run));
    await c.settle();
    expect(started).toEqual([0, 0]);
    expect(limiter.pending()).toBe(1);
    // a slow answer keeps its permit: a request held up on the way can still be arriving
    await c.advance(5000);
    expect(started).toEqual([0, 0]);
    calls[0].end();
    await c.advance(999);
    expect(started).toEqual([0, 0]);
    await c.advance(1);
    expect(started).toEqual([0, 0, 6000]);
    calls[1].end();
    calls[2].end();
    await Promise.all(results);
  });

  it('answers what the call answers; a throw is the caller\'s and the permit comes back', async () => {
    const c = manualClock();
    const limiter = createArrivalLimiter({ limit: 1, windowMs: 1000, clock: c.clock });
    const failed = limiter.schedule(() => {
      throw new Error('falhou');
    });
    await expect(failed).rejects.toThrow('falhou');
    expect(limiter.waitMs()).toBe(1000);
    const next = limiter.schedule(() => 42);
    expect(limiter.waitMs()).toBe(2000);
    await c.advance(1000);
    await expect(next).resolves.toBe(42);
    await c.advance(1000);
    expect(limiter.waitMs()).toBe(0);
  });

  it('refuses a limit or window that makes no sense', () => {
    expect(() => createArrivalLimiter({ limit: 0, windowMs: 1000 })).toThrow(RangeError);
    expect(() => createArrivalLimiter({ limit: 5, windowMs: 0 })).toThrow(RangeError);
  });
});
