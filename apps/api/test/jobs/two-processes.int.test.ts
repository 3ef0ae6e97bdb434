import { afterEach, describe, expect, inject, it } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, buildServices } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPostgres, type Database, type Db } from '../../src/db/client.js';
import { backgroundJob } from '../../src/db/schema/index.js';
import { JobQueue } from '../../src/jobs/index.js';
import { systemClock } from '../../src/shared/clock.js';
import { finished, once, stepRows, stepsLong, stepsShort, TEST_JOBS, testResources, waitForJob } from './test-jobs.js';

/**
 * Two API processes on one PostgreSQL database share the queue: every job's body runs exactly once,
 * and when one process is killed in the middle of a job the other resumes it from its checkpoint.
 * Child processes need a server; two apps in one process also run on PGlite.
 */
const url = inject('testDatabaseUrl');
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

const resources = testResources(url);
const openDb = resources.openDb;
afterEach(() => resources.closeAll());

async function startApp(database: Database, schema: string, jobs: 'on' | 'off'): Promise<FastifyInstance> {
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', jobs };
  const app = await buildApp({ database, config, logger: false, jobs: { schema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopGraceMs: 1000, extraJobs: TEST_JOBS } });
  await app.ready();
  resources.onClose(() => app.close());
  return app;
}

type Child = { proc: ChildProcess; next(type: string, timeoutMs?: number): Promise<{ type: string; jobId?: number }> };

function spawnWorker(schema: string, env: Record<string, string> = {}): Child {
  const proc = fork(path.join(here, 'worker-process.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WORKER_DATABASE_URL: url, WORKER_SCHEMA: schema, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Array<{ type: string; jobId?: number }> = [];
  proc.on('message', (m) => inbox.push(m as { type: string }));
  resources.onClose(async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.send({ type: 'close' });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  });
  return {
    proc,
    async next(type, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0];
        if (proc.exitCode !== null) throw new Error(`worker saiu com código ${proc.exitCode}`);
        if (Date.now() > deadline) throw new Error(`worker não enviou ${type}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

async function executions(db: Db, jobIds: number[]) {
  const res = await db.execute(sql`select job_id, count(*)::int as runs, min(pid) as pid from job_test_exec where job_id in ${jobIds} group by job_id`);
  return (res as { rows: { job_id: number; runs: number; pid: number }[] }).rows;
}

async function waitAllFinished(db: Db, ids: number[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.select({ status: backgroundJob.status }).from(backgroundJob).where(inArray(backgroundJob.id, ids));
    if (rows.every((r) => r.status === 'done' || r.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`${rows.filter((r) => r.status !== 'done').length} tarefas não terminaram`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const newSchema = () => `pgboss_p_${randomBytes(5).toString('hex')}`;
const N = 60;

describe.runIf(url)('two API processes on one PostgreSQL', () => {
  it('start together on a fresh database without deadlocking in pg-boss queue creation', async () => {
    // without the start-up lock 3 of 4 such starts failed with "deadlock detected" in create_queue()
    const schema = newSchema();
    const log = { info() {}, warn() {}, error() {} };
    const databases = await Promise.all([0, 1, 2, 3].map(() => openPostgres(url)));
    const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), storageDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bg-files-')) };
    const services = buildServices(config, { clock: systemClock, log, fileLinkSecret: 'test-secret' });
    const catalogue = { jobs: TEST_JOBS, schedules: [] };
    const queues = databases.map((database) => new JobQueue(database, { mode: 'on', log, schema, catalogue, services }));
    resources.onClose(async () => {
      for (const q of queues) await q.stop();
      for (const d of databases) await d.close();
      fs.rmSync(config.storageDir, { recursive: true, force: true });
    });
    const started = await Promise.allSettled(queues.map((q) => q.start()));
    expect(started.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('never run the same job twice', async () => {
    const database = await openDb('postgres');
    const schema = newSchema();
    const workers = [spawnWorker(schema), spawnWorker(schema)];
    await Promise.all(workers.map((w) => w.next('ready', 30_000)));
    const producer = await startApp(database, schema, 'off');

    const ids: number[] = [];
    for (let n = 0; n < N; n++) ids.push((await producer.jobs.enqueue(database.db, once, { n }))!.id);
    const rows = await waitAllFinished(database.db, ids);
    expect(rows.every((r) => r.status === 'done')).toBe(true);

    const runs = await executions(database.db, ids);
    expect(runs.length).toBe(N);
    expect(runs.filter((r) => r.runs !== 1)).toEqual([]);
    const pids = new Set(runs.map((r) => r.pid));
    expect(pids.size).toBe(2); // both processes took work
    expect(pids.has(process.pid)).toBe(false); // and the JOBS=off producer none
  });

  it('a process killed in the middle of a job: the other resumes it from its checkpoint', async () => {
    const database = await openDb('postgres');
    const schema = newSchema();
    const doomed = spawnWorker(schema, { WORKER_HOLD_STEP: '3' });
    await doomed.next('ready', 30_000);
    const producer = await startApp(database, schema, 'off');
    const job = (await producer.jobs.enqueue(database.db, stepsShort, { steps: 6 }))!;
    await doomed.next('atStep');
    doomed.proc.kill('SIGKILL');

    const survivor = spawnWorker(schema);
    await survivor.next('ready', 30_000);
    const done = await waitForJob(database.db, job.id, finished, 30_000);
    expect(done).toMatchObject({ status: 'done', attempt: 2, failures: 0, result: { applied: 3, resumedFrom: 3 } });
    const rows = await stepRows(database.db, job.id);
    expect(rows.map((r) => r.step)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(rows.slice(0, 3).map((r) => r.pid))).toEqual(new Set([doomed.proc.pid]));
    expect(new Set(rows.slice(3).map((r) => r.pid)).has(doomed.proc.pid!)).toBe(false);
  });

  it('a process killed in the middle of a long job: the other, already running, takes it over once the lease runs out (decision 108)', async () => {
    // before leases the job came back only after its time limit (15 min here, 30 min for the CNAB jobs)
    const database = await openDb('postgres');
    const schema = newSchema();
    const lease = { WORKER_LEASE_SECONDS: '3', WORKER_HEARTBEAT_SECONDS: '0.5' };
    const doomed = spawnWorker(schema, { WORKER_HOLD_STEP: '3', ...lease });
    await doomed.next('ready', 30_000);
    const producer = await startApp(database, schema, 'off');
    const job = (await producer.jobs.enqueue(database.db, stepsLong, { steps: 6 }))!;
    await doomed.next('atStep');
    const survivor = spawnWorker(schema, lease);
    await survivor.next('ready', 30_000);
    doomed.proc.kill('SIGKILL');
    const killedAt = Date.now();

    const done = await waitForJob(database.db, job.id, finished, 120_000);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(done).toMatchObject({ status: 'done', attempt: 2, failures: 0, reclaims: 1, result: { applied: 3, resumedFrom: 3 } });
    const rows = await stepRows(database.db, job.id);
    expect(rows.map((r) => r.step)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(rows.slice(3).map((r) => r.pid)).has(doomed.proc.pid!)).toBe(false);
    // pg-boss: the dead run's job is cancelled (a late answer of that run touches nothing) and the
    // job runs on as a new pg-boss job with its whole retry budget (a crash is no error)
    const boss = await database.executeSql(`SELECT id, state, retry_count FROM ${schema}.job WHERE id = ANY($1::uuid[]) ORDER BY state`, [[job.bossJobId, done.boss_job_id]]);
    expect(done.boss_job_id).not.toBe(job.bossJobId);
    expect(boss.rows).toEqual([
      { id: done.boss_job_id, state: 'completed', retry_count: 0 },
      { id: job.bossJobId, state: 'cancelled', retry_count: 0 },
    ]);
  }, 180_000);
});

describe.each([...(url ? (['postgres'] as const) : []), 'pglite' as const])('two apps in one process on %s', (backend) => {
  it('never run the same job twice', async () => {
    const database = await openDb(backend);
    const schema = newSchema();
    const apps = [await startApp(database, schema, 'on'), await startApp(database, schema, 'on')];
    const ids: number[] = [];
    for (let n = 0; n < 30; n++) ids.push((await apps[n % 2].jobs.enqueue(database.db, once, { n }))!.id);
    await waitAllFinished(database.db, ids);
    const runs = await executions(database.db, ids);
    expect(runs.length).toBe(30);
    expect(runs.filter((r) => r.runs !== 1)).toEqual([]);
  });
});
