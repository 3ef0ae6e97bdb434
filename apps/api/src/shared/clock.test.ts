import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { clockStartingAt } from './clock.js';

describe('clockStartingAt (CLOCK_START)', () => {
  it('reads the start when made and then runs at the real pace', () => {
    let real = Date.parse('2026-11-29T23:30:00Z');
    const clock = clockStartingAt(new Date('2026-11-30T10:00:00-03:00'), () => real);
    expect(clock.now().toISOString()).toBe('2026-11-30T13:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-30T13:01:30.000Z');
  });

  it('is read from CLOCK_START with its offset, only for a demo-seeded (test) server', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    expect(loadConfig({ CLOCK_START: '2026-11-30T10:00:00-03:00' }).clockStart?.toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(() => loadConfig({ CLOCK_START: '2026-11-30 10:00' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ CLOCK_START: '2026-11-30T10:00:00Z', SEED: 'none' })).toThrow(/SEED=demo/);
  });
});
