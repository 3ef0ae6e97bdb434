import { afterEach, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { backgroundJob } from '../../src/db/schema/index.js';
import { finished, jobRow, stepRows, steps, stepsShort, TEST_JOBS, testHooks, testResources, waitForJob } from './test-jobs.js';

/**
 * A run interrupted midway — by a shutdown (the app closes while the handler is in a step) or by a
 * crash (the process stops answering and never finishes) — resumes on the next app from its last
 * checkpoint, and no step is applied twice. On the run's PostgreSQL (when set) and on PGlite.
 */
const url = inject('testDatabaseUrl');
const backends = [...(url ? (['postgres'] as const) : []), 'pglite' as const];

const resources = testResources(url);
const openDb = resources.openDb;
afterEach(async () => {
  delete testHooks.beforeStep;
  await resources.closeAll();
});

/** An app on `database` using pg-boss schema `schema` (fresh per test), quick to poll and to expire crashed runs. */
async function startApp(database: Database, schema: string, jobs: 'on' | 'off' = 'on'): Promise<FastifyInstance> {
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', jobs };
  const app = await buildApp({ database, config, logger: false, jobs: { schema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopGraceMs: 1000, extraJobs: TEST_JOBS } });
  await app.ready();
  resources.onClose(() => app.close());
  return app;
}

const newSchema = () => `pgboss_r_${randomBytes(5).toString('hex')}`;

function holdAt(step: number, opts: { honourAbort: boolean }) {
  let reached!: () => void;
  const atStep = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  testHooks.beforeStep = async (_id, s, ctx) => {
    if (s !== step || ctx.attempt !== 1) return; // only the first run stops there
    reached();
    // a well-behaved handler leaves at once when aborted; a hung one ignores it
    await (opts.honourAbort ? Promise.race([released, new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)))]) : released);
  };
  return { atStep, release };
}

describe.each(backends)('on %s', (backend) => {
  it('a run interrupted by a shutdown resumes on the next start from its checkpoint', async () => {
    const database = await openDb(backend);
    const schema = newSchema();
    const first = await startApp(database, schema);
    const hold = holdAt(3, { honourAbort: true });
    const job = (await first.jobs.enqueue(database.db, steps, { steps: 6 }))!;
    await hold.atStep;

    await first.close(); // aborts the handler in step 3; the run goes back to the queue
    const interrupted = await jobRow(database.db, job.id);
    expect(interrupted).toMatchObject({ status: 'queued', attempt: 1, failures: 0, error: null, checkpoint: { next: 3 }, progress_done: 3, progress_total: 6 });
    delete testHooks.beforeStep;

    await startApp(database, schema);
    const done = await waitForJob(database.db, job.id, finished);
    expect(done).toMatchObject({ status: 'done', attempt: 2, failures: 0, result: { applied: 3, resumedFrom: 3 }, progress_done: 6 });
    const rows = await stepRows(database.db, job.id);
    expect(rows.map((r) => [r.step, r.attempt])).toEqual([[0, 1], [1, 1], [2, 1], [3, 2], [4, 2], [5, 2]]);
  });

  // Its queue's connection dies but the app's Db lives on, so its lease stays renewed: this is the
  // time-limit path (a run that hangs in a live process). A process that really dies is taken over
  // by its lease instead (decision 108: leases.int.test.ts, two-processes, cnab/crash-restart).
  it('a run whose process died is run again after its time limit, from its checkpoint, and the dead run cannot write', async () => {
    const database = await openDb(backend);
    const schema = newSchema();
    // the first app's connection to the queue goes dead at step 3: no more polls, no completion
    let dead = false;
    const dying: Database = { ...database, executeSql: (text, values) => (dead ? new Promise(() => undefined) : database.executeSql(text, values)) };
    const first = await startApp(dying, schema);
    const hold = holdAt(3, { honourAbort: false });
    const job = (await first.jobs.enqueue(database.db, stepsShort, { steps: 6 }))!;
    await hold.atStep;
    dead = true;

    const second = await startApp(database, schema);
    const startedAt = Date.now();
    const done = await waitForJob(database.db, job.id, finished, 20_000);
    // pg-boss hands the job out again only after its 3 s time limit (maintenance every 1 s here)
    expect(Date.now() - startedAt).toBeGreaterThan(1000);
    expect(done).toMatchObject({ status: 'done', attempt: 2, result: { applied: 3, resumedFrom: 3 } });

    hold.release(); // the dead run wakes up: its next checkpoint is refused, its step rolled back
    await first.close();
    await sleep(100);
    const rows = await stepRows(database.db, job.id);
    expect(rows.map((r) => r.step)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await jobRow(database.db, job.id)).toMatchObject({ status: 'done', attempt: 2 });
    await second.close();
  });

  it('runs a job sent by pg-boss itself (a cron schedule) and gives it a row; schedule() is stored in São Paulo time', async () => {
    const database = await openDb(backend);
    const schema = newSchema();
    const app = await startApp(database, schema);
    // what the schedule's timekeeper does each minute: a plain pg-boss send, no background_job row
    const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) } as PgBoss.Db, schema, supervise: false, schedule: false });
    await boss.start();
    const bossJobId = await boss.send('test.steps', { steps: 2 });
    await boss.stop({ graceful: false, close: false });
    const row = await (async () => {
      for (let i = 0; i < 200; i++) {
        const [found] = await database.db.select().from(backgroundJob).where(eq(backgroundJob.boss_job_id, bossJobId!));
        if (found && finished(found)) return found;
        await sleep(50);
      }
      throw new Error('scheduled job did not run');
    })();
    expect(row).toMatchObject({ kind: 'test.steps', status: 'done', created_by: null, attempt: 1, result: { applied: 2, resumedFrom: 0 } });

    await app.jobs.schedule(steps, '0 3 * * *', { steps: 1 });
    // the app's own features schedule theirs too (spc.exclusao, assinatura.limpeza, lgpd.acessos-limpeza)
    const stored = await database.executeSql(`SELECT name, cron, timezone, data FROM ${schema}.schedule WHERE name = 'test.steps'`);
    expect(stored.rows).toEqual([{ name: 'test.steps', cron: '0 3 * * *', timezone: 'America/Sao_Paulo', data: { steps: 1 } }]);
    await app.jobs.unschedule(steps);
    expect((await database.executeSql(`SELECT name FROM ${schema}.schedule WHERE name = 'test.steps'`)).rows).toEqual([]);
  });

  it('with JOBS=off an app enqueues without running; an app with JOBS=on runs the job', async () => {
    const database = await openDb(backend);
    const schema = newSchema();
    const producer = await startApp(database, schema, 'off');
    const job = (await producer.jobs.enqueue(database.db, steps, { steps: 2 }))!;
    await sleep(1200);
    expect(await jobRow(database.db, job.id)).toMatchObject({ status: 'queued', attempt: 0 });
    await producer.close();

    await startApp(database, schema, 'on');
    expect(await waitForJob(database.db, job.id, finished)).toMatchObject({ status: 'done', attempt: 1 });
  });
});
