import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { backgroundJob } from '../db/schema/index.js';
import { JobInterrupted, JobLeaseLost, type AnyJobDefinition, type JobLogger, type JobRun } from './define-job.js';

/**
 * One run of one job: claims our background_job row (creating it for scheduled jobs, which have none
 * yet), gives the handler its context, and records the outcome. Every write after the claim is fenced
 * by the run's attempt number, so a run that outlived its time limit cannot overwrite a newer run.
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

/** Marks the row running and bumps its attempt; null when the job already finished (a late redelivery). */
export async function claimRun(db: Db, def: AnyJobDefinition, bossJobId: string): Promise<ClaimedRun | null> {
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
    })
    .onConflictDoUpdate({
      target: backgroundJob.boss_job_id,
      set: {
        status: 'running',
        attempt: sql`${backgroundJob.attempt} + 1`,
        started_at: sql`coalesce(${backgroundJob.started_at}, now())`,
        updated_at: sql`now()`,
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
  lastCheckpoint: C | null;
  private done: number;
  private total: number | null;
  private unit: string | null;
  private lastWriteAt = 0;
  private writing: Promise<void> | null = null;

  constructor(
    readonly db: Db,
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
  }

  progress(done: number, total?: number | null, unit?: string | null): void {
    this.done = Math.max(0, Math.trunc(done));
    if (total !== undefined) this.total = total === null ? null : Math.max(0, Math.trunc(total));
    if (unit !== undefined) this.unit = unit;
    if (this.writing || Date.now() - this.lastWriteAt < PROGRESS_EVERY_MS) return;
    this.lastWriteAt = Date.now();
    // Not awaited: on PGlite it waits for the handler's open transaction, if any, to end.
    const checkpointSeen = this.lastCheckpoint;
    this.writing = this.write({}, this.db, checkpointSeen)
      .then(() => undefined)
      .catch((err: unknown) => this.log.warn({ err, jobId: this.jobId }, 'job progress not saved'))
      .finally(() => {
        this.writing = null;
      });
  }

  async checkpoint(value: C, tx?: Tx): Promise<void> {
    this.throwIfInterrupted();
    if (!(await this.write({ checkpoint: value ?? null }, tx ?? this.db))) throw new JobLeaseLost();
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
      return this.write({ status: 'done', result: outcome.result ?? null, error: null, finished_at: sql`now()` }, this.db);
    }
    return this.write(
      {
        status: outcome.status,
        ...(outcome.error === null ? {} : { error: outcome.error.slice(0, MAX_ERROR_CHARS) }),
        ...(outcome.failed ? { failures: sql`${backgroundJob.failures} + 1` } : {}),
        ...(outcome.status === 'failed' ? { finished_at: sql`now()` } : {}),
      },
      this.db,
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
