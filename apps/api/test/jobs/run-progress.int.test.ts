import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { NIVEL } from '@bg/domain';
import { backgroundJob } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { ensureTestTables, finished, flaky, jobRow, stepRows, steps, stepsShort, TEST_JOBS, testHooks, waitForJob } from './test-jobs.js';

// A job runs on the app's queue, shows its progress and result at GET /api/job/:id, retries after
// errors, exists only when the transaction that enqueued it commits, and is visible to its owner only.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { extraJobs: TEST_JOBS } });
  await ensureTestTables(t.database);
});
afterAll(async () => t?.close());
afterEach(() => {
  delete testHooks.beforeStep;
});

describe('a job run', () => {
  it('runs, reports progress while it runs, and answers its result when done', async () => {
    const { token, user } = await t.userWithToken();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atStep3 = new Promise<void>((resolve) => (reached = resolve));
    testHooks.beforeStep = async (_id, step) => {
      if (step !== 3) return;
      reached();
      await held;
    };

    const job = await t.app.jobs.enqueue(t.database.db, steps, { steps: 5 }, { actor: user });
    expect(job).not.toBeNull();
    await atStep3;
    try {
      const during = (await t.call({ method: 'GET', url: `/api/job/${job!.id}`, token })).json();
      expect(during.status).toBe(200);
      expect(during.data).toMatchObject({ id: job!.id, kind: 'test.steps', status: 'running', progress_done: 3, progress_total: 5, progress_unit: 'passos', result: null, error: null, finished_at: null });
      expect(Date.parse(during.data.started_at)).not.toBeNaN();
    } finally {
      release();
    }
    await waitForJob(t.database.db, job!.id, finished);
    const after = (await t.call({ method: 'GET', url: `/api/job/${job!.id}`, token })).json();
    expect(after.data).toMatchObject({ status: 'done', progress_done: 5, progress_total: 5, result: { applied: 5, resumedFrom: 0 }, error: null });
    expect(Date.parse(after.data.finished_at)).toBeGreaterThanOrEqual(Date.parse(after.data.started_at));
    // internal columns never leave the server
    expect(Object.keys(after.data).sort()).toEqual(
      ['created_at', 'error', 'finished_at', 'id', 'kind', 'progress_done', 'progress_total', 'progress_unit', 'result', 'started_at', 'status'].sort(),
    );
    expect((await stepRows(t.database.db, job!.id)).map((r) => r.step)).toEqual([0, 1, 2, 3, 4]);
  });

  it('shows intermediate progress while a longer job runs (writes throttled: src/jobs/job-run.test.ts)', async () => {
    const job = await t.app.jobs.enqueue(t.database.db, steps, { steps: 40, stepMs: 10 });
    const seen = new Set<number>();
    let row = await jobRow(t.database.db, job!.id);
    while (!finished(row)) {
      if (row.status === 'running') seen.add(row.progress_done);
      await sleep(20);
      row = await jobRow(t.database.db, job!.id);
    }
    expect(row.status).toBe('done');
    // ~40 reports over ≥ 400 ms; checkpoints also carry progress, so intermediate values do show
    expect(seen.size).toBeGreaterThan(1);
  });

  it('retries after an error and keeps the error of a job that keeps failing', async () => {
    const recovers = await t.app.jobs.enqueue(t.database.db, flaky, { failRuns: 2 });
    const gaveUp = await t.app.jobs.enqueue(t.database.db, flaky, { failRuns: 9 });
    const ok = await waitForJob(t.database.db, recovers!.id, finished);
    expect(ok).toMatchObject({ status: 'done', attempt: 3, failures: 2, error: null, result: { attempt: 3 } });

    const failed = await waitForJob(t.database.db, gaveUp!.id, finished);
    // retryLimit 2: three runs, then failed for good with the last error
    expect(failed).toMatchObject({ status: 'failed', attempt: 3, failures: 3, error: 'falha simulada na execução 3', result: null });
    expect(failed.finished_at).toBeInstanceOf(Date);
    await sleep(1200); // and it is not run again
    expect((await jobRow(t.database.db, gaveUp!.id)).attempt).toBe(3);
  });

  it('exists only if the transaction that enqueued it commits', async () => {
    let bossJobId = '';
    await expect(
      t.database.db.transaction(async (tx) => {
        const job = await t.app.jobs.enqueue(tx, steps, { steps: 1 });
        bossJobId = job!.bossJobId;
        expect((await tx.select().from(backgroundJob).where(eq(backgroundJob.id, job!.id))).length).toBe(1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await sleep(1200); // two polls: a queue row that survived would have been run and got a background_job row
    expect(await t.database.db.select().from(backgroundJob).where(eq(backgroundJob.boss_job_id, bossJobId))).toEqual([]);

    const committed = await t.database.db.transaction((tx) => t.app.jobs.enqueue(tx, steps, { steps: 1 }));
    expect((await waitForJob(t.database.db, committed!.id, finished)).status).toBe('done');
  });

  it('waits for startAfter before running', async () => {
    const job = await t.app.jobs.enqueue(t.database.db, steps, { steps: 1 }, { startAfter: 2 });
    await sleep(1000);
    expect((await jobRow(t.database.db, job!.id)).status).toBe('queued');
    const done = await waitForJob(t.database.db, job!.id, finished);
    expect(done.status).toBe('done');
    expect(done.started_at!.getTime() - done.created_at.getTime()).toBeGreaterThanOrEqual(1900);
  });

  it('aborts a run at its time limit, counts it as an error and resumes from the checkpoint', async () => {
    // test.steps-short: 3 s limit, aborted at 2.7 s; each step sleeps 2 s after its checkpoint
    const job = await t.app.jobs.enqueue(t.database.db, stepsShort, { steps: 3, stepMs: 2000 });
    const done = await waitForJob(t.database.db, job!.id, finished, 20_000);
    expect(done).toMatchObject({ status: 'done', attempt: 2, failures: 1, error: null, result: { applied: 1, resumedFrom: 2 } });
    expect((await stepRows(t.database.db, job!.id)).map((r) => [r.step, r.attempt])).toEqual([[0, 1], [1, 1], [2, 2]]);
  });

  it('refuses a kind that was not defined when the queue started', async () => {
    const stranger = { ...steps, kind: 'test.unknown' };
    await expect(t.app.jobs.enqueue(t.database.db, stranger, { steps: 1 })).rejects.toThrow(/não registrado/);
  });
});

describe('GET /api/job/:id', () => {
  it('shows a run to the user who enqueued it and to administradores only', async () => {
    const owner = await t.userWithToken();
    const colleague = await t.userWithToken({ empresa_id: owner.user.empresa_id });
    const franqueado = await t.userWithToken({ nivel: NIVEL.FRANQUEADO });
    const admin = await t.userWithToken({ nivel: NIVEL.ADMINISTRADOR });
    const job = await t.app.jobs.enqueue(t.database.db, steps, { steps: 1 }, { actor: owner.user });
    const url = `/api/job/${job!.id}`;

    expect((await t.call({ method: 'GET', url, token: owner.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url, token: admin.token })).statusCode).toBe(200);
    for (const other of [colleague, franqueado]) {
      const res = await t.call({ method: 'GET', url, token: other.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: 'Tarefa não encontrada.' });
    }
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/job/2147483647', token: admin.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/job/abc', token: admin.token })).statusCode).toBe(422);
    await waitForJob(t.database.db, job!.id, finished);
  });

  it('shows a run nobody enqueued (a scheduled one) to administradores only', async () => {
    const user = await t.userWithToken();
    const admin = await t.userWithToken({ nivel: NIVEL.ADMINISTRADOR });
    const job = await t.app.jobs.enqueue(t.database.db, steps, { steps: 1 });
    expect((await t.call({ method: 'GET', url: `/api/job/${job!.id}`, token: user.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/job/${job!.id}`, token: admin.token })).statusCode).toBe(200);
    await waitForJob(t.database.db, job!.id, finished);
  });
});
