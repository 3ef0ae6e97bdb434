import { afterEach, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { backgroundJob, jobWorker } from '../../src/db/schema/index.js';
import type { JobsBuildOptions } from '../../src/jobs/index.js';
import { finished, jobRow, oneCommit, oneCommitOutcomes, TEST_JOBS, testHooks, testResources, waitForJob } from './test-jobs.js';

/**
 * Job leases (decision 108): a process that runs jobs renews a heartbeat; one whose heartbeat is
 * older than the lease is taken for dead, and its running jobs are put back in the queue by another
 * process. A process taken for dead while still alive (a long pause, a lost connection) must never
 * commit after the takeover — the fence of ctx.db refuses its transaction — and a job taken back is
 * neither an error nor run twice at once. Two apps on one database in this process, on the run's
 * PostgreSQL (when set) and on PGlite; the real crashes are in two-processes.int.test.ts and
 * test/cnab/crash-restart.int.test.ts.
 */
const url = inject('testDatabaseUrl');
const backends = [...(url ? (['postgres'] as const) : []), 'pglite' as const];

/** The process taken for dead: it renews its (two-hour) lease once an hour. */
const SILENT: JobsBuildOptions = { heartbeatSeconds: 3600, leaseSeconds: 7200 };
/** The one that takes over: it looks for abandoned jobs every half second. */
const WATCHFUL: JobsBuildOptions = { heartbeatSeconds: 0.5, leaseSeconds: 2 };

/** As if the process had said nothing for three hours: beyond its lease, it is taken for dead. */
async function silenceFor3Hours(database: Database, app: FastifyInstance): Promise<void> {
  await database.db.update(jobWorker).set({ heartbeat_at: sql`now() - interval '3 hours'` }).where(eq(jobWorker.id, app.jobs.workerId));
}

const resources = testResources(url);
const openDb = resources.openDb;
afterEach(async () => {
  delete testHooks.beforeCommit;
  await resources.closeAll();
});

async function startApp(database: Database, schema: string, lease: JobsBuildOptions): Promise<FastifyInstance> {
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', jobs: 'on' as const };
  const app = await buildApp({ database, config, logger: false, jobs: { schema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopGraceMs: 1000, extraJobs: TEST_JOBS, ...lease } });
  await app.ready();
  resources.onClose(() => app.close());
  return app;
}

const newSchema = () => `pgboss_l_${randomBytes(5).toString('hex')}`;

/** Holds oneCommit's first run before its transaction until released (or, honouring its signal, until aborted). */
function holdFirstRun(opts: { honourAbort: boolean } = { honourAbort: false }) {
  let reached!: () => void;
  const atCommit = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  testHooks.beforeCommit = async (ctx) => {
    if (ctx.attempt !== 1) return;
    reached();
    const aborted = new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    await (opts.honourAbort ? Promise.race([released, aborted]) : released);
  };
  return { atCommit, release };
}

async function outcomeOf(jobId: number, attempt: number, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = oneCommitOutcomes.find((o) => o.jobId === jobId && o.attempt === attempt);
    if (found) return found.outcome;
    if (Date.now() > deadline) throw new Error(`a execução ${attempt} da tarefa ${jobId} não terminou`);
    await sleep(50);
  }
}

async function execRows(database: Database, jobId: number): Promise<number[]> {
  const res = await database.db.execute(sql`select n from job_test_exec where job_id = ${jobId} order by n`);
  return (res as { rows: { n: number }[] }).rows.map((r) => r.n);
}

describe.each(backends)('job leases on %s', (backend) => {
  it('a live process taken for dead (no heartbeat) loses its job: another takes it over, and its late commit is refused', async () => {
    const database = await openDb(backend);
    const schema = newSchema();
    const slow = await startApp(database, schema, SILENT);
    const hold = holdFirstRun();
    const job = (await slow.jobs.enqueue(database.db, oneCommit, {}))!;
    await hold.atCommit;
    expect(await jobRow(database.db, job.id)).toMatchObject({ status: 'running', attempt: 1, lease_owner: slow.jobs.workerId });

    const other = await startApp(database, schema, WATCHFUL);
    await sleep(1500);
    expect(await jobRow(database.db, job.id)).toMatchObject({ status: 'running', attempt: 1 }); // a live lease is left alone
    await silenceFor3Hours(database, slow);
    const done = await waitForJob(database.db, job.id, finished, 60_000);
    expect(done).toMatchObject({ status: 'done', attempt: 2, failures: 0, reclaims: 1, lease_owner: other.jobs.workerId, result: { attempt: 2 } });

    hold.release(); // the slow run wakes up and tries to commit its transaction
    expect(await outcomeOf(job.id, 1)).toBe('JobLeaseLost');
    expect(await execRows(database, job.id)).toEqual([2]); // only the run that holds the job committed
    expect(await jobRow(database.db, job.id)).toMatchObject({ status: 'done', attempt: 2, failures: 0, result: { attempt: 2 } });
  }, 90_000);

  it('a job taken back from dead processes five times is failed the sixth, with the reason, instead of running again', async () => {
    const database = await openDb(backend);
    const schema = newSchema();
    const slow = await startApp(database, schema, SILENT);
    const hold = holdFirstRun();
    const job = (await slow.jobs.enqueue(database.db, oneCommit, {}))!;
    await hold.atCommit;
    await database.db.update(backgroundJob).set({ reclaims: 5 }).where(eq(backgroundJob.id, job.id));
    await silenceFor3Hours(database, slow);

    await startApp(database, schema, WATCHFUL);
    const failed = await waitForJob(database.db, job.id, finished, 60_000);
    expect(failed).toMatchObject({
      status: 'failed',
      attempt: 1,
      failures: 0,
      reclaims: 6,
      error: 'Tarefa interrompida 6 vezes pela queda do servidor que a executava; não será executada de novo.',
    });
    hold.release();
    expect(await outcomeOf(job.id, 1)).toBe('JobLeaseLost');
    expect(await execRows(database, job.id)).toEqual([]);
    const boss = await database.executeSql(`SELECT state FROM ${schema}.job WHERE id = $1`, [job.bossJobId]);
    expect(boss.rows).toEqual([{ state: 'cancelled' }]);
  }, 90_000);
});

describe.runIf(url)('job leases on PostgreSQL: a process that was only paused', () => {
  it('learns at its next heartbeat that its job was taken over and stops the run (its signal aborts)', async () => {
    const database = await openDb('postgres');
    const schema = newSchema();
    const paused = await startApp(database, schema, { heartbeatSeconds: 0.5, leaseSeconds: 2 });
    const hold = holdFirstRun({ honourAbort: true });
    const job = (await paused.jobs.enqueue(database.db, oneCommit, {}))!;
    await hold.atCommit;

    // the paused process's heartbeat cannot get through: its lease row is locked by another session
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM job_worker WHERE id = $1 FOR UPDATE', [paused.jobs.workerId]);
      const other = await startApp(database, schema, WATCHFUL);
      const done = await waitForJob(database.db, job.id, finished, 60_000);
      expect(done).toMatchObject({ status: 'done', attempt: 2, failures: 0, reclaims: 1, lease_owner: other.jobs.workerId });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // the heartbeat goes through, finds the run's row taken over and aborts it: it never commits
    expect(await outcomeOf(job.id, 1)).toBe('JobLeaseLost');
    expect(await execRows(database, job.id)).toEqual([2]);
    hold.release();
  }, 90_000);
});
