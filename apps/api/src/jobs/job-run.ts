import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { backgroundJob, type BackgroundJobStatus } from '../db/schema/index.js';
import { JobInterrupted, JobLeaseLost, type AnyJobDefinition, type JobLogger, type JobRun } from './define-job.js';

/**
 * One run of one job: claims our background_job row (creating it for scheduled jobs, which have none
 * yet) under this process's lease, gives the handler its context, and records the outcome. Every
 * write after the claim is fenced by the run's attempt number and status, so a run that outlived its
 * time limit — or whose process lost its lease and whose job was taken over (decision 108) — cannot
 * overwrite a newer run: its checkpoints fail, and so does the commit of every transaction it opens
 * on `ctx.db` (withBeforeCommit).
 */
const PROGRESS_EVERY_MS = 250;
const MAX_ERROR_CHARS = 2000;

export type ClaimedRun = {
  id: number;
  attempt: number;
  failures: number;
  checkpoint: unknown;
  progress_done: number;
  progress_total: number | null;
  progress_unit: string | null;
};

/**
 * Marks the row running under `owner`'s lease (the job_worker id of this process) and bumps its
 * attempt; null when the job already finished (a late redelivery).
 */
export async function claimRun(db: Db, def: AnyJobDefinition, bossJobId: string, owner: string): Promise<ClaimedRun | null> {
  const [row] = await db
    .insert(backgroundJob)
    .values({
      kind: def.kind,
      status: 'running',
      attempt: 1,
      progress_unit: def.progressUnit,
      boss_job_id: bossJobId,
      started_at: sql`now()`,
      updated_at: sql`now()`,
      lease_owner: owner,
      leased_at: sql`now()`,
    })
    .onConflictDoUpdate({
      target: backgroundJob.boss_job_id,
      set: {
        status: 'running',
        attempt: sql`${backgroundJob.attempt} + 1`,
        started_at: sql`coalesce(${backgroundJob.started_at}, now())`,
        updated_at: sql`now()`,
        lease_owner: owner,
        leased_at: sql`now()`,
      },
      setWhere: inArray(backgroundJob.status, ['queued', 'running']),
    })
    .returning({
      id: backgroundJob.id,
      attempt: backgroundJob.attempt,
      failures: backgroundJob.failures,
      checkpoint: backgroundJob.checkpoint,
      progress_done: backgroundJob.progress_done,
      progress_total: backgroundJob.progress_total,
      progress_unit: backgroundJob.progress_unit,
    });
  return row ?? null;
}

export class RunContext<C> implements JobRun<C> {
  readonly jobId: number;
  readonly attempt: number;
  /** The app's database for the handler: every transaction it opens commits only while this run holds the job. */
  readonly db: Db;
  lastCheckpoint: C | null;
  /** Set once complete(result, tx) recorded the outcome in the handler's own transaction. */
  completedInStep = false;
  private done: number;
  private total: number | null;
  private unit: string | null;
  private lastWriteAt = 0;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly rawDb: Db,
    readonly signal: AbortSignal,
    readonly log: JobLogger,
    run: ClaimedRun,
  ) {
    this.jobId = run.id;
    this.attempt = run.attempt;
    this.lastCheckpoint = (run.checkpoint ?? null) as C | null;
    this.done = run.progress_done;
    this.total = run.progress_total;
    this.unit = run.progress_unit;
    this.db = withBeforeCommit(rawDb, (tx) => this.fence(tx));
  }

  /**
   * Inside the caller's transaction: locks the run's row and checks this run still holds the job
   * (same attempt, still running), so the transaction commits before any takeover or not at all.
   * Throws JobLeaseLost otherwise — the transaction rolls back.
   */
  async fence(tx: Tx): Promise<void> {
    // 'done' only when this run completed in this very transaction (complete(result, tx) above it)
    const held: BackgroundJobStatus[] = this.completedInStep ? ['running', 'done'] : ['running'];
    const rows = await tx
      .select({ id: backgroundJob.id })
      .from(backgroundJob)
      .where(and(eq(backgroundJob.id, this.jobId), eq(backgroundJob.attempt, this.attempt), inArray(backgroundJob.status, held)))
      .for('update');
    if (rows.length !== 1) throw new JobLeaseLost();
  }

  /**
   * Records the run's result as its last step, in the handler's transaction: the step's effects and
   * "done" commit together, or neither when a newer run took the job over (JobLeaseLost). Then no
   * later run can start the step again after it committed (the remessa's one transaction).
   */
  async complete(result: unknown, tx: Tx): Promise<void> {
    // Not refused once the signal is aborted: the work is done, and a shutdown should keep it rather
    // than roll it back; only a takeover refuses it. (A progress write under way is not awaited: on
    // PGlite it waits for this transaction; it is fenced by status, so it cannot land after "done".)
    if (!(await this.write({ status: 'done', result: result ?? null, error: null, finished_at: sql`now()` }, tx))) throw new JobLeaseLost();
    this.completedInStep = true;
  }

  progress(done: number, total?: number | null, unit?: string | null): void {
    this.done = Math.max(0, Math.trunc(done));
    if (total !== undefined) this.total = total === null ? null : Math.max(0, Math.trunc(total));
    if (unit !== undefined) this.unit = unit;
    if (this.writing || Date.now() - this.lastWriteAt < PROGRESS_EVERY_MS) return;
    this.lastWriteAt = Date.now();
    // Not awaited: on PGlite it waits for the handler's open transaction, if any, to end.
    const checkpointSeen = this.lastCheckpoint;
    this.writing = this.write({}, this.rawDb, checkpointSeen)
      .then(() => undefined)
      .catch((err: unknown) => this.log.warn({ err, jobId: this.jobId }, 'job progress not saved'))
      .finally(() => {
        this.writing = null;
      });
  }

  async checkpoint(value: C, tx?: Tx): Promise<void> {
    this.throwIfInterrupted();
    if (!(await this.write({ checkpoint: value ?? null }, tx ?? this.rawDb))) throw new JobLeaseLost();
    this.lastCheckpoint = value;
    this.lastWriteAt = Date.now();
  }

  throwIfInterrupted(): void {
    if (this.signal.aborted) throw this.signal.reason instanceof Error ? this.signal.reason : new JobInterrupted('shutdown');
  }

  /** Final outcome of this run (also writes the last progress). False when a newer run owns the job. */
  async finish(outcome: { status: 'done'; result: unknown } | { status: 'queued' | 'failed'; error: string | null; failed: boolean }): Promise<boolean> {
    await this.writing;
    if (outcome.status === 'done') {
      return this.write({ status: 'done', result: outcome.result ?? null, error: null, finished_at: sql`now()` }, this.rawDb);
    }
    return this.write(
      {
        status: outcome.status,
        ...(outcome.error === null ? {} : { error: outcome.error.slice(0, MAX_ERROR_CHARS) }),
        ...(outcome.failed ? { failures: sql`${backgroundJob.failures} + 1` } : {}),
        ...(outcome.status === 'failed' ? { finished_at: sql`now()` } : {}),
      },
      this.rawDb,
    );
  }

  /**
   * Writes progress plus `set` while this run still owns the row. A progress-only write carries the
   * checkpoint it saw, so one that started before a checkpoint and waited for its lock is dropped
   * instead of putting older progress over the checkpoint's.
   */
  private async write(set: Partial<Record<keyof typeof backgroundJob.$inferInsert, unknown>>, db: DbOrTx, checkpointSeen?: C | null): Promise<boolean> {
    const conditions = [eq(backgroundJob.id, this.jobId), eq(backgroundJob.attempt, this.attempt), eq(backgroundJob.status, 'running')];
    if (checkpointSeen !== undefined) {
      const seen = checkpointSeen === null ? null : JSON.stringify(checkpointSeen);
      conditions.push(sql`${backgroundJob.checkpoint} is not distinct from (${seen}::text)::jsonb`);
    }
    const rows = await db
      .update(backgroundJob)
      .set({
        progress_done: this.done,
        progress_total: this.total,
        progress_unit: this.unit,
        updated_at: sql`now()`,
        ...(set as object),
      })
      .where(and(...conditions))
      .returning({ id: backgroundJob.id });
    return rows.length === 1;
  }
}

/**
 * `db` whose top-level transactions run `beforeCommit(tx, value)` after their body answered `value`
 * and before they commit (a savepoint inside them is not wrapped). Every other property is the Db's
 * own. The run's `ctx.db` is one (the fence); a handler may wrap it again to finish its run in its
 * last transaction (remessa-job.ts).
 */
export function withBeforeCommit(db: Db, beforeCommit: (tx: Tx, value: unknown) => Promise<void>): Db {
  const transaction: Db['transaction'] = (body, config) =>
    db.transaction(async (tx) => {
      const value = await body(tx);
      await beforeCommit(tx, value);
      return value;
    }, config);
  return new Proxy(db, { get: (target, prop, receiver) => (prop === 'transaction' ? transaction : Reflect.get(target, prop, receiver)) });
}
