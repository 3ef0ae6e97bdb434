import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { RunContext } from './job-run.js';

/** A Db stand-in that records each fenced UPDATE of background_job and answers "one row updated". */
function recordingDb() {
  const writes: Record<string, unknown>[] = [];
  const db = {
    update: () => ({
      set: (values: Record<string, unknown>) => ({
        where: () => ({
          returning: async () => {
            writes.push(values);
            return [{ id: 1 }];
          },
        }),
      }),
    }),
  };
  // eslint-disable-next-line no-restricted-syntax -- a stand-in for the one chain RunContext calls, not a whole Db
  return { db: db as unknown as Db, writes };
}

const run = { id: 1, attempt: 1, failures: 0, checkpoint: null, progress_done: 0, progress_total: null, progress_unit: 'títulos' };
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

describe('RunContext progress', () => {
  it('writes at most every 250 ms however often it is reported, and the last value on finish', async () => {
    vi.useFakeTimers();
    try {
      const { db, writes } = recordingDb();
      const ctx = new RunContext(db, new AbortController().signal, log, run);
      for (let i = 1; i <= 1000; i++) {
        ctx.progress(i, 1000); // 1000 reports over 1 s
        vi.advanceTimersByTime(1);
        await Promise.resolve();
      }
      expect(writes.length).toBeGreaterThanOrEqual(4);
      expect(writes.length).toBeLessThanOrEqual(5);
      expect(await ctx.finish({ status: 'done', result: { ok: true } })).toBe(true);
      expect(writes.at(-1)).toMatchObject({ status: 'done', progress_done: 1000, progress_total: 1000, progress_unit: 'títulos', result: { ok: true } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a checkpoint once the run is interrupted, without writing', async () => {
    const { db, writes } = recordingDb();
    const controller = new AbortController();
    const ctx = new RunContext<{ next: number }>(db, controller.signal, log, run);
    await ctx.checkpoint({ next: 1 });
    expect(ctx.lastCheckpoint).toEqual({ next: 1 });
    controller.abort(new Error('parou'));
    await expect(ctx.checkpoint({ next: 2 })).rejects.toThrow('parou');
    expect(writes.map((w) => w.checkpoint)).toEqual([{ next: 1 }]);
  });
});
