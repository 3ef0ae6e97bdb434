import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { backgroundJob } from '../../src/db/schema/index.js';
import { defineJob, type AnyJobDefinition, type JobContext } from '../../src/jobs/index.js';

/**
 * Job kinds of the jobs tests (in-process and in the child processes of worker-process.ts), given
 * to the apps as `jobs: { extraJobs: TEST_JOBS }` (the app's own kinds are in src/jobs/catalogue.ts). Each step
 * of a steps job writes one row of job_test_step and its checkpoint in one transaction, so the rows
 * show whether a resumed run ever applied a step twice (no unique constraint: duplicates stay visible).
 */
export type StepsData = { steps: number; stepMs?: number };
export type StepsResult = { applied: number; resumedFrom: number };

/** Set by a test (or the child process) to watch or hold a run before each of its steps (or before oneCommit's transaction). */
export const testHooks: {
  beforeStep?: (jobId: number, step: number, ctx: JobContext<{ next: number }>) => Promise<void> | void;
  beforeCommit?: (ctx: JobContext) => Promise<void> | void;
} = {};

function stepsJob(kind: string, timeoutSeconds: number) {
  return defineJob<StepsData, StepsResult, { next: number }>(kind, {
    timeoutSeconds,
    retryLimit: 1,
    retryDelaySeconds: 0,
    retryBackoff: false,
    progressUnit: 'passos',
    handler: async (data, ctx) => {
      const from = ctx.lastCheckpoint?.next ?? 0;
      ctx.progress(from, data.steps);
      for (let step = from; step < data.steps; step++) {
        await testHooks.beforeStep?.(ctx.jobId, step, ctx);
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`insert into job_test_step (job_id, step, attempt, pid) values (${ctx.jobId}, ${step}, ${ctx.attempt}, ${process.pid})`);
          ctx.progress(step + 1);
          await ctx.checkpoint({ next: step + 1 }, tx);
        });
        if (data.stepMs) await sleep(data.stepMs, undefined, { signal: ctx.signal });
      }
      return { applied: data.steps - from, resumedFrom: from };
    },
  });
}

export const steps = stepsJob('test.steps', 60);
/** Short time limit: after a crash, pg-boss hands it out again once 3 s have passed. */
export const stepsShort = stepsJob('test.steps-short', 3);
/** A 15-minute time limit, like the real jobs: after a crash only the lease brings it back soon (decision 108). */
export const stepsLong = stepsJob('test.steps-long', 900);

/** How each run of oneCommit ended: its transaction committed, or the error that refused it. */
export const oneCommitOutcomes: { jobId: number; attempt: number; outcome: string }[] = [];

/**
 * One transaction without a checkpoint (a row of job_test_exec, n = the attempt): only the fence of
 * ctx.db keeps a run whose job was taken over from committing it. Long time limit, one retry.
 */
export const oneCommit = defineJob<Record<string, never>, { attempt: number }>('test.one-commit', {
  timeoutSeconds: 900,
  retryLimit: 1,
  retryDelaySeconds: 0,
  retryBackoff: false,
  handler: async (_data, ctx) => {
    try {
      await testHooks.beforeCommit?.(ctx);
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into job_test_exec (job_id, n, pid) values (${ctx.jobId}, ${ctx.attempt}, ${process.pid})`);
      });
      oneCommitOutcomes.push({ jobId: ctx.jobId, attempt: ctx.attempt, outcome: 'committed' });
    } catch (err) {
      oneCommitOutcomes.push({ jobId: ctx.jobId, attempt: ctx.attempt, outcome: err instanceof Error ? err.name : String(err) });
      throw err;
    }
    return { attempt: ctx.attempt };
  },
});

/** Fails its first `failRuns` runs. */
export const flaky = defineJob<{ failRuns: number }, { attempt: number }>('test.flaky', {
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  handler: async (data, ctx) => {
    if (ctx.attempt <= data.failRuns) throw new Error(`falha simulada na execução ${ctx.attempt}`);
    return { attempt: ctx.attempt };
  },
});

/** Records each time its body runs (two processes consume the same queue). */
export const once = defineJob<{ n: number }, { pid: number }>('test.once', {
  concurrency: 2,
  handler: async (data, ctx) => {
    await ctx.db.execute(sql`insert into job_test_exec (job_id, n, pid) values (${ctx.jobId}, ${data.n}, ${process.pid})`);
    await sleep(15);
    return { pid: process.pid };
  },
});

/** Every kind above, for the apps' `jobs.extraJobs`. */
export const TEST_JOBS: readonly AnyJobDefinition[] = [steps, stepsShort, stepsLong, flaky, once, oneCommit];

/** The tables above, created once per database (an advisory lock serialises parallel test files). */
export async function ensureTestTables(database: Database): Promise<void> {
  const lock = database.kind === 'postgres' ? 'SELECT pg_advisory_xact_lock(727040);' : '';
  await database.executeSql(`BEGIN; ${lock}
    CREATE TABLE IF NOT EXISTS job_test_step (job_id int NOT NULL, step int NOT NULL, attempt int NOT NULL, pid int NOT NULL);
    CREATE TABLE IF NOT EXISTS job_test_exec (job_id int NOT NULL, n int NOT NULL, pid int NOT NULL);
    COMMIT;`);
}

/**
 * What a jobs test opens (databases, apps, child processes), closed in reverse order by `closeAll`
 * in its afterEach. `openDb` opens the run's PostgreSQL (`url`) or a fresh migrated PGlite, with
 * the tables above.
 */
export function testResources(url: string) {
  const cleanup: Array<() => Promise<unknown> | void> = [];
  return {
    onClose(fn: () => Promise<unknown> | void): void {
      cleanup.push(fn);
    },
    async openDb(backend: 'postgres' | 'pglite'): Promise<Database> {
      const database = backend === 'postgres' ? await openPostgres(url) : await openPglite(null);
      if (backend === 'pglite') await migrate(database);
      await ensureTestTables(database);
      cleanup.push(() => database.close());
      return database;
    },
    async closeAll(): Promise<void> {
      for (const fn of cleanup.splice(0).reverse()) await fn();
    },
  };
}

export type JobRow = typeof backgroundJob.$inferSelect;

export async function jobRow(db: Db, id: number): Promise<JobRow> {
  const [row] = await db.select().from(backgroundJob).where(eq(backgroundJob.id, id));
  if (!row) throw new Error(`background_job ${id} não existe`);
  return row;
}

/** Polls the row until `until` holds (every 50 ms, up to timeoutMs). */
export async function waitForJob(db: Db, id: number, until: (row: JobRow) => boolean, timeoutMs = 15_000): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await jobRow(db, id);
    if (until(row)) return row;
    if (Date.now() > deadline) throw new Error(`job ${id} ficou em ${JSON.stringify({ status: row.status, attempt: row.attempt, error: row.error })}`);
    await sleep(50);
  }
}

export const finished = (row: JobRow) => row.status === 'done' || row.status === 'failed';

export async function stepRows(db: Db, jobId: number): Promise<{ step: number; attempt: number; pid: number }[]> {
  const res = await db.execute(sql`select step, attempt, pid from job_test_step where job_id = ${jobId} order by step, attempt`);
  return (res as { rows: { step: number; attempt: number; pid: number }[] }).rows;
}
