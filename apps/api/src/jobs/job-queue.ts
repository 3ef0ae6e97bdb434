import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx, Tx } from '../db/client.js';
import { backgroundJob } from '../db/schema/index.js';
import { gatedExecutor, transactionExecutor } from './boss-executor.js';
import type { AppServices } from '../services.js';
import { JobInterrupted, type AnyJobDefinition, type JobCatalogue, type JobContext, type JobLogger } from './define-job.js';
import type { JobKind } from './job-kind.js';
import { claimRun, RunContext } from './job-run.js';

/**
 * The app's durable job queue: pg-boss 10 on the app's own database (docs/decisions/040-job-queue.md).
 * `mode: 'on'` runs workers for every kind of the catalogue and its crons; `'off'` only enqueues (a
 * process with JOBS=on runs the jobs). Our table background_job holds what screens show and the
 * handlers' checkpoints.
 */
export type JobQueueOptions = {
  mode: 'on' | 'off';
  log: JobLogger;
  /** Every kind this queue knows (enqueue refuses others) and the crons it schedules (catalogue.ts). */
  catalogue: JobCatalogue;
  /** Handed to every handler with its run (the same services the routes get). */
  services: AppServices;
  /** pg-boss schema (default 'pgboss'); tests sharing one database give each app its own. */
  schema?: string;
  /** How often an idle worker asks for work, seconds (default 1, pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired runs (crashed processes) are put back in the queue, seconds (default 60). */
  maintenanceIntervalSeconds?: number;
  /** How long close waits for running handlers to reach a safe point (and then for the queue's last statements), ms (default 10 000). */
  stopGraceMs?: number;
};

export type EnqueueOptions = {
  /** Who asked for it: that user (and administradores) may read the run at GET /api/job/:id. */
  actor?: { id: number } | null;
  /** Run no earlier than this instant (Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** With policy singleton/stately/short: at most one such job per key (enqueue answers null otherwise). */
  singletonKey?: string;
  priority?: number;
};

export type EnqueuedJob = { id: number; bossJobId: string };

/**
 * Runs interrupted by a shutdown or a crash are put back without counting as errors, up to this many
 * times on top of retryLimit (pg-boss counts every rerun, whatever ended the previous one).
 */
const INTERRUPTIONS_ALLOWED = 20;

type AnyJob = AnyJobDefinition;
type Running = { controller: AbortController; done: Promise<unknown> };

export class JobQueue {
  private boss: PgBoss | null = null;
  private gate: ReturnType<typeof gatedExecutor> | null = null;
  private readonly kinds = new Map<string, AnyJob>();
  private readonly workers = new Map<string, string[]>();
  private readonly running = new Map<string, Running>();
  private stopping = false;

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {
    for (const def of options.catalogue.jobs) {
      if (this.kinds.has(def.kind)) throw new Error(`job kind definido duas vezes: ${def.kind}`);
      this.kinds.set(def.kind, def);
    }
  }

  get mode(): 'on' | 'off' {
    return this.options.mode;
  }

  /** Installs or upgrades pg-boss's schema (its own advisory lock), creates the queues, starts workers. */
  async start(): Promise<void> {
    if (this.boss) return;
    const on = this.options.mode === 'on';
    const gate = gatedExecutor(this.database);
    const boss = new PgBoss({
      db: gate.executor as PgBoss.Db,
      schema: this.options.schema ?? 'pgboss',
      migrate: true,
      supervise: on,
      schedule: on,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 60,
    });
    boss.on('error', (err) => this.options.log.error({ err }, 'job queue error'));
    // pg-boss locks its schema creation but not create_queue(): two processes starting together
    // deadlocked there (seen in the two-processes test), so start-up is serialised per schema.
    await this.startLocked(async () => {
      try {
        await boss.start();
      } catch (err) {
        await boss.stop({ graceful: false, close: false }).catch(() => undefined);
        throw err;
      }
      this.boss = boss;
      this.gate = gate;
      this.stopping = false;
      try {
        await this.createQueues(boss);
      } catch (err) {
        await this.stop();
        throw err;
      }
    });
    if (on) {
      await this.startWorkers(boss);
      // the crons run in the processes that run jobs (pg-boss keeps one schedule per kind)
      for (const s of this.options.catalogue.schedules) await this.schedule({ kind: s.kind }, s.cron, s.data);
    }
  }

  private async startLocked(fn: () => Promise<void>): Promise<void> {
    if (this.database.kind !== 'postgres') return fn(); // PGlite: one process, one connection
    const key = `SELECT %s(727040, hashtext('${this.options.schema ?? 'pgboss'}'))`;
    await this.database.session(async (query) => {
      await query(key.replace('%s', 'pg_advisory_lock'));
      try {
        await fn();
      } finally {
        await query(key.replace('%s', 'pg_advisory_unlock'));
      }
    });
  }

  private async createQueues(boss: PgBoss): Promise<void> {
    const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
    for (const def of this.kinds.values()) {
      const queue = existing.get(def.kind);
      if (!queue) await boss.createQueue(def.kind, { name: def.kind, policy: def.policy });
      else if (queue.policy !== def.policy) await boss.updateQueue(def.kind, { name: def.kind, policy: def.policy });
    }
  }

  private async startWorkers(boss: PgBoss): Promise<void> {
    for (const def of this.kinds.values()) {
      const ids: string[] = [];
      for (let i = 0; i < def.concurrency; i++) {
        ids.push(
          await boss.work<unknown>(
            def.kind,
            { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
            async ([job]) => this.run(def, job),
          ),
        );
      }
      this.workers.set(def.kind, ids);
    }
    await this.failAbandoned();
  }

  /**
   * Asks running handlers to stop at their next safe point (their signal is aborted), waits for them,
   * then stops pg-boss. Their jobs go back to the queue and resume from the last checkpoint.
   */
  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss || this.stopping) return;
    this.stopping = true;
    for (const run of this.running.values()) run.controller.abort(new JobInterrupted('shutdown'));
    const grace = new Promise((resolve) => setTimeout(resolve, this.options.stopGraceMs ?? 10_000).unref());
    await Promise.race([Promise.allSettled([...this.running.values()].map((r) => r.done)), grace]);
    await boss.stop({ graceful: true, wait: true, timeout: 1000, close: false });
    this.gate?.close();
    await this.gate?.drain(this.options.stopGraceMs ?? 10_000);
    this.boss = null;
    this.workers.clear();
  }

  /**
   * Enqueues a job. Given the use-case's transaction the job exists exactly when that transaction
   * commits (and is picked up at the worker's next poll, or at once after wake()); given the Db it
   * opens its own transaction and wakes a local worker. Answers null when a singleton key or
   * throttle refused it.
   */
  async enqueue<D>(db: DbOrTx, job: JobKind<D>, data: NoInfer<D>, options: EnqueueOptions = {}): Promise<EnqueuedJob | null> {
    const boss = this.requireStarted();
    const def = this.kinds.get(job.kind);
    if (!def) throw new Error(`job kind não registrado quando a fila iniciou: ${job.kind}`);
    const insert = async (tx: Tx): Promise<EnqueuedJob | null> => {
      const bossJobId = randomUUID();
      const sent = await boss.send(def.kind, (data ?? {}) as object, {
        ...this.sendOptions(def),
        id: bossJobId,
        db: transactionExecutor(tx) as PgBoss.Db,
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
        ...(options.priority !== undefined ? { priority: options.priority } : {}),
      });
      if (!sent) return null;
      const [row] = await tx
        .insert(backgroundJob)
        .values({ kind: def.kind, boss_job_id: bossJobId, created_by: options.actor?.id ?? null, progress_unit: def.progressUnit })
        .returning({ id: backgroundJob.id });
      return { id: row.id, bossJobId };
    };
    if (db instanceof PgTransaction) return insert(db as Tx);
    const enqueued = await db.transaction(insert);
    if (enqueued) this.wake(def);
    return enqueued;
  }

  /**
   * Sends `data` to `def` on a cron (5 fields, São Paulo time unless tz says otherwise). One schedule
   * per kind: calling it again replaces the previous. Runs get their background_job row when they start.
   */
  async schedule<D>(job: JobKind<D>, cron: string, data: NoInfer<D>, options: { tz?: string } = {}): Promise<void> {
    const boss = this.requireStarted();
    const def = this.kinds.get(job.kind);
    if (!def) throw new Error(`job kind não registrado quando a fila iniciou: ${job.kind}`);
    await boss.schedule(def.kind, cron, (data ?? {}) as object, { ...this.sendOptions(def), tz: options.tz ?? 'America/Sao_Paulo' });
  }

  async unschedule(def: { kind: string }): Promise<void> {
    await this.requireStarted().unschedule(def.kind);
  }

  /** Makes this process's idle workers of that kind look for work now (after a transaction committed). */
  wake(def: { kind: string }): void {
    for (const id of this.workers.get(def.kind) ?? []) this.boss?.notifyWorker(id);
  }

  private requireStarted(): PgBoss {
    if (!this.boss || this.stopping) throw new Error('fila de tarefas não iniciada');
    return this.boss;
  }

  private sendOptions(def: Pick<AnyJob, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff' | 'timeoutSeconds'>) {
    return {
      retryLimit: def.retryLimit + INTERRUPTIONS_ALLOWED,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: def.retryBackoff,
      expireInSeconds: def.timeoutSeconds,
    };
  }

  /** The pg-boss work callback: one job, one run. Throwing asks pg-boss for a retry. */
  private async run(def: AnyJob, job: PgBoss.JobWithMetadata<unknown>): Promise<unknown> {
    const log = this.options.log;
    const claimed = await claimRun(this.database.db, def, job.id);
    if (!claimed) return { skipped: 'already finished' };
    const controller = new AbortController();
    const ctx = new RunContext<never>(this.database.db, controller.signal, log, claimed);
    const handlerCtx: JobContext<never> = withServices(ctx, this.options.services);
    // Abort before pg-boss's own timer (expireIn) fails the run, so the handler can stop cleanly.
    const deadline = setTimeout(() => controller.abort(new JobInterrupted('timeout')), def.timeoutSeconds * 900);
    deadline.unref();
    if (this.stopping) controller.abort(new JobInterrupted('shutdown'));
    const lastChance = job.retryCount >= job.retryLimit;
    const done = (async () => {
      try {
        ctx.throwIfInterrupted(); // fetched while this process was stopping: leave it for the next one
        // eslint-disable-next-line no-restricted-syntax -- the registry erases each kind's payload type; enqueue(def, data) typed it
        const result = await def.handler(job.data as never, handlerCtx);
        if (!(await ctx.finish({ status: 'done', result }))) log.warn({ jobId: ctx.jobId, kind: def.kind }, 'job finished after a newer run took it over');
        return { jobId: ctx.jobId };
      } catch (err) {
        const reason = controller.signal.reason as JobInterrupted | undefined;
        if (reason?.reason === 'shutdown' && !lastChance) {
          // not an error of the job: it goes back to the queue and resumes from its checkpoint
          await ctx.finish({ status: 'queued', error: null, failed: false });
          log.info({ jobId: ctx.jobId, kind: def.kind }, 'job interrupted by shutdown; it will resume');
          throw err;
        }
        const message = reason?.reason === 'timeout' ? `Tarefa excedeu o tempo limite (${def.timeoutSeconds} s).` : errorMessage(err);
        const final = claimed.failures + 1 > def.retryLimit || lastChance;
        await ctx.finish({ status: final ? 'failed' : 'queued', error: message, failed: true });
        log.warn({ err, jobId: ctx.jobId, kind: def.kind, attempt: ctx.attempt, final }, 'job run failed');
        if (final) return { jobId: ctx.jobId, failed: message }; // pg-boss must not run it again
        throw err;
      } finally {
        clearTimeout(deadline);
      }
    })();
    this.running.set(job.id, { controller, done });
    try {
      return await done;
    } finally {
      this.running.delete(job.id);
      // pg-boss 10 waits a polling interval after every job; a backlog is drained without that pause
      if (!this.stopping) this.wake(def);
    }
  }

  /**
   * A run that crashed on its last allowed attempt is failed by pg-boss without our wrapper seeing it:
   * mark such rows failed so screens do not show them running forever.
   */
  private async failAbandoned(): Promise<void> {
    const boss = this.boss!;
    for (const def of this.kinds.values()) {
      const rows = await this.database.db
        .select({ id: backgroundJob.id, boss_job_id: backgroundJob.boss_job_id })
        .from(backgroundJob)
        .where(and(eq(backgroundJob.kind, def.kind), inArray(backgroundJob.status, ['queued', 'running']), gte(backgroundJob.attempt, def.retryLimit + INTERRUPTIONS_ALLOWED + 1)))
        .limit(100);
      for (const row of rows) {
        const job = await boss.getJobById(def.kind, row.boss_job_id, { includeArchive: true });
        if (!job || !['failed', 'cancelled', 'completed'].includes(job.state)) continue;
        await this.database.db
          .update(backgroundJob)
          .set({ status: 'failed', error: 'Tarefa interrompida repetidas vezes.', finished_at: sql`now()`, updated_at: sql`now()` })
          .where(and(eq(backgroundJob.id, row.id), inArray(backgroundJob.status, ['queued', 'running'])));
      }
    }
  }
}

/** The run's state and methods with the app's services beside them: what a handler receives. */
function withServices<C>(run: RunContext<C>, services: AppServices): JobContext<C> {
  return {
    ...services,
    jobId: run.jobId,
    attempt: run.attempt,
    signal: run.signal,
    db: run.db,
    log: run.log,
    get lastCheckpoint() {
      return run.lastCheckpoint;
    },
    progress: (done, total, unit) => run.progress(done, total, unit),
    checkpoint: (value, tx) => run.checkpoint(value, tx),
    throwIfInterrupted: () => run.throwIfInterrupted(),
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}
