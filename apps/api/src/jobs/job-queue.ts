import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx, Tx } from '../db/client.js';
import { backgroundJob, jobWorker, type BackgroundJobStatus } from '../db/schema/index.js';
import { gatedExecutor, transactionExecutor } from './boss-executor.js';
import type { AppServices } from '../services.js';
import { JobInterrupted, JobLeaseLost, type AnyJobDefinition, type JobCatalogue, type JobContext, type JobLogger } from './define-job.js';
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
  /**
   * Seconds between this process's heartbeats (JOB_HEARTBEAT_SECONDS, default 10); each one also
   * looks for jobs abandoned by dead processes (decision 108).
   */
  heartbeatSeconds?: number;
  /**
   * This process's lease, seconds (JOB_LEASE_SECONDS, default 45; at least twice heartbeatSeconds):
   * stored with its heartbeat, so the other processes take it for dead — and put its running jobs
   * back in the queue — once its last heartbeat is older than this.
   */
  leaseSeconds?: number;
  /**
   * The database belongs to this process alone (default: on PGlite, whose DATA_DIR is locked): at
   * start, jobs held by any process other than the queues running here are taken back at once.
   */
  exclusiveDatabase?: boolean;
};

export const DEFAULT_HEARTBEAT_SECONDS = 10;
export const DEFAULT_LEASE_SECONDS = 45;

export type EnqueueOptions = {
  /** Who asked for it: that user (and administradores) may read the run at GET /api/job/:id. */
  actor?: { id: number } | null;
  /** Run no earlier than this instant (Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** With policy singleton/stately/short: at most one such job per key (enqueue answers null otherwise). */
  singletonKey?: string;
  priority?: number;
  /**
   * At most one queued or running job of this kind per key (a unique index of background_job, so
   * also across processes and concurrent requests): when one exists, enqueue creates nothing and
   * answers it with `existing: true`.
   */
  exclusiveKey?: string;
};

/** `existing`: an exclusiveKey found this job already queued or running (nothing was enqueued). */
export type EnqueuedJob = { id: number; bossJobId: string; existing: boolean };

/**
 * Runs interrupted by a shutdown or a crash are put back without counting as errors, up to this many
 * times on top of retryLimit (pg-boss counts every rerun, whatever ended the previous one).
 */
const INTERRUPTIONS_ALLOWED = 20;

/**
 * A job taken back from dead processes this many times is failed the next time instead: a job that
 * kills its process (memory) must not restart it forever. Reclaims are not errors (failures).
 */
export const MAX_RECLAIMS = 5;

/** The queues running in this process (tests run several apps on one database in one process). */
const LIVE_HERE = new Set<string>();

type AnyJob = AnyJobDefinition;
type Running = { controller: AbortController; done: Promise<unknown>; jobId: number; attempt: number };
type Held = { id: number; kind: string; boss_job_id: string; lease_owner: string | null };

export class JobQueue {
  private boss: PgBoss | null = null;
  private gate: ReturnType<typeof gatedExecutor> | null = null;
  private readonly kinds = new Map<string, AnyJob>();
  private readonly workers = new Map<string, string[]>();
  private readonly running = new Map<string, Running>();
  private stopping = false;
  /** This process's lease (job_worker.id): the owner of every run it claims; a new one at each start. */
  readonly workerId = randomUUID();
  private tickTimer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly heartbeatSeconds: number;
  private readonly leaseSeconds: number;

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {
    for (const def of options.catalogue.jobs) {
      if (this.kinds.has(def.kind)) throw new Error(`job kind definido duas vezes: ${def.kind}`);
      this.kinds.set(def.kind, def);
    }
    this.heartbeatSeconds = options.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
    if (!(this.heartbeatSeconds > 0) || !(this.leaseSeconds >= 2 * this.heartbeatSeconds)) {
      throw new Error(`prazo da tarefa (${this.leaseSeconds} s) deve ser pelo menos o dobro do intervalo de sinal de vida (${this.heartbeatSeconds} s)`);
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
      // the lease exists before the first claim names it (another process would take it for dead)
      LIVE_HERE.add(this.workerId);
      await this.heartbeat();
      await this.startWorkers(boss);
      // jobs a dead process held (at once on a database of our own, else once their lease ran out)
      await this.tick();
      this.tickTimer = setInterval(() => void this.tick(), this.heartbeatSeconds * 1000);
      this.tickTimer.unref();
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
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
    for (const run of this.running.values()) run.controller.abort(new JobInterrupted('shutdown'));
    const grace = new Promise((resolve) => setTimeout(resolve, this.options.stopGraceMs ?? 10_000).unref());
    await Promise.race([Promise.allSettled([...this.running.values()].map((r) => r.done)), grace]);
    await this.ticking;
    await boss.stop({ graceful: true, wait: true, timeout: 1000, close: false });
    this.gate?.close();
    await this.gate?.drain(this.options.stopGraceMs ?? 10_000);
    if (LIVE_HERE.delete(this.workerId)) {
      // our lease ends: a run that ignored its signal is taken over at once by the other processes
      await this.database.db
        .delete(jobWorker)
        .where(eq(jobWorker.id, this.workerId))
        .catch((err: unknown) => this.options.log.warn({ err }, 'job worker row not removed; it expires with its lease'));
    }
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
    const send = async (tx: Tx, bossJobId: string) =>
      boss.send(def.kind, (data ?? {}) as object, {
        ...this.sendOptions(def),
        id: bossJobId,
        db: transactionExecutor(tx) as PgBoss.Db,
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
        ...(options.priority !== undefined ? { priority: options.priority } : {}),
      });
    const values = { kind: def.kind, created_by: options.actor?.id ?? null, progress_unit: def.progressUnit };
    const insert = async (tx: Tx): Promise<EnqueuedJob | null> => {
      const bossJobId = randomUUID();
      if (options.exclusiveKey !== undefined) return this.insertExclusive(tx, def, options.exclusiveKey, { ...values, boss_job_id: bossJobId }, () => send(tx, bossJobId));
      if (!(await send(tx, bossJobId))) return null;
      const [row] = await tx
        .insert(backgroundJob)
        .values({ ...values, boss_job_id: bossJobId })
        .returning({ id: backgroundJob.id });
      return { id: row.id, bossJobId, existing: false };
    };
    if (db instanceof PgTransaction) return insert(db as Tx);
    const enqueued = await db.transaction(insert);
    if (enqueued && !enqueued.existing) this.wake(def);
    return enqueued;
  }

  /**
   * Our row first, through the partial unique index on (kind, exclusive_key) of the open jobs: of
   * concurrent requests one inserts, the others wait for its transaction and find its row (a new
   * statement sees what committed meanwhile). The pg-boss job is sent only with a row of our own.
   */
  private async insertExclusive(
    tx: Tx,
    def: AnyJob,
    key: string,
    values: typeof backgroundJob.$inferInsert,
    send: () => Promise<string | null>,
  ): Promise<EnqueuedJob | null> {
    const open = and(eq(backgroundJob.kind, def.kind), eq(backgroundJob.exclusive_key, key), inArray(backgroundJob.status, OPEN));
    for (let round = 0; round < 3; round++) {
      const [row] = await tx
        .insert(backgroundJob)
        .values({ ...values, exclusive_key: key })
        .onConflictDoNothing({ target: [backgroundJob.kind, backgroundJob.exclusive_key], where: sql`status in ('queued', 'running') and exclusive_key is not null` })
        .returning({ id: backgroundJob.id });
      if (row) {
        // a refusal by pg-boss (a singleton key) throws: the caller's transaction takes our row back
        if (!(await send())) throw new Error(`pg-boss recusou a tarefa ${def.kind} (singletonKey com chave exclusiva?)`);
        return { id: row.id, bossJobId: values.boss_job_id, existing: false };
      }
      const [existing] = await tx.select({ id: backgroundJob.id, bossJobId: backgroundJob.boss_job_id }).from(backgroundJob).where(open);
      if (existing) return { ...existing, existing: true };
      // it finished between the two statements: try again
    }
    return null;
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
    const claimed = await claimRun(this.database.db, def, job.id, this.workerId);
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
        // (finish writes nothing after complete(result, tx) already recorded it)
        if (!(await ctx.finish({ status: 'done', result })) && !ctx.completedInStep) log.warn({ jobId: ctx.jobId, kind: def.kind }, 'job finished after a newer run took it over');
        return { jobId: ctx.jobId };
      } catch (err) {
        if (err instanceof JobLeaseLost || controller.signal.reason instanceof JobLeaseLost) {
          // another process took the job over (this one was taken for dead): nothing of this run
          // committed after that, and it is no error of the job. Answering pg-boss normally touches
          // nothing: the job it handed this run was cancelled when the job was taken back.
          log.warn({ jobId: ctx.jobId, kind: def.kind, attempt: ctx.attempt }, 'job taken over by another process; this run stopped');
          return { jobId: ctx.jobId, leaseLost: true };
        }
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
    this.running.set(job.id, { controller, done, jobId: ctx.jobId, attempt: ctx.attempt });
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

  /** One heartbeat, then a look for abandoned jobs; never two at once, never throws (the next tick tries again). */
  private async tick(): Promise<void> {
    if (this.ticking || this.stopping) return this.ticking ?? undefined;
    this.ticking = (async () => {
      try {
        await this.heartbeat();
        await this.reclaimAbandoned();
      } catch (err) {
        this.options.log.warn({ err }, 'job lease heartbeat or reclaim failed; tried again at the next heartbeat');
      }
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /**
   * Renews this process's lease (re-creating its row if another process removed it while we were
   * silent), then stops its runs that another process took over meanwhile: their row has a newer
   * attempt, or went back to the queue.
   */
  private async heartbeat(): Promise<void> {
    const db = this.database.db;
    await db
      .insert(jobWorker)
      .values({ id: this.workerId, host: os.hostname().slice(0, 255), pid: process.pid, lease_seconds: Math.ceil(this.leaseSeconds) })
      .onConflictDoUpdate({ target: jobWorker.id, set: { heartbeat_at: sql`now()` } });
    const runs = [...this.running.values()];
    if (!runs.length) return;
    const rows = await db
      .select({ id: backgroundJob.id, attempt: backgroundJob.attempt, status: backgroundJob.status })
      .from(backgroundJob)
      .where(inArray(backgroundJob.id, runs.map((r) => r.jobId)));
    for (const run of runs) {
      const row = rows.find((r) => r.id === run.jobId);
      const held = row && row.attempt === run.attempt && (row.status === 'running' || row.status === 'done');
      if (!held && !run.controller.signal.aborted) run.controller.abort(new JobLeaseLost());
    }
  }

  /**
   * Running jobs whose process is gone — its heartbeat older than its own lease (each process says
   * how long its lease lasts, so processes with other settings never take a live one for dead), its
   * row removed, or (on a database of our own) any process not running here — are put back in the
   * queue, each in a transaction of its own (reclaim). Kinds this process does not know are left to
   * one that does. Rows of processes gone for an hour that hold nothing are removed.
   */
  private async reclaimAbandoned(): Promise<void> {
    const exclusive = this.options.exclusiveDatabase ?? this.database.kind === 'pglite';
    const owner = backgroundJob.lease_owner;
    const fresh = sql`exists (select 1 from ${jobWorker} w where w.id = ${owner} and w.heartbeat_at > now() - make_interval(secs => w.lease_seconds))`;
    const here = `{${[...LIVE_HERE].join(',')}}`;
    // without a lease (a run claimed before migration 0115): only where we know every process
    const dead: SQL = exclusive
      ? sql`(${owner} is null or not (${owner} = any(${here}::uuid[]) and ${fresh}))`
      : sql`(${owner} is not null and not ${fresh})`;
    const held = await this.database.db
      .select({ id: backgroundJob.id, kind: backgroundJob.kind, boss_job_id: backgroundJob.boss_job_id, lease_owner: owner })
      .from(backgroundJob)
      .where(and(eq(backgroundJob.status, 'running'), sql`${owner} is distinct from ${this.workerId}::uuid`, dead))
      .orderBy(backgroundJob.id)
      .limit(100);
    for (const row of held) {
      if (this.stopping) return;
      const def = this.kinds.get(row.kind);
      if (!def) continue;
      try {
        const outcome = await this.reclaim(def, row);
        if (outcome === 'skipped') continue;
        this.options.log.warn({ jobId: row.id, kind: row.kind, deadWorker: row.lease_owner, outcome }, 'job taken back from a process that stopped (no heartbeat); it resumes from its checkpoint');
        this.wake(def);
      } catch (err) {
        this.options.log.warn({ err, jobId: row.id, kind: row.kind }, 'job not taken back now; tried again at the next heartbeat');
      }
    }
    await this.database.db.execute(sql`delete from ${jobWorker} w
      where w.heartbeat_at < now() - make_interval(secs => w.lease_seconds) - interval '1 hour'
        and not exists (select 1 from ${backgroundJob} j where j.status = 'running' and j.lease_owner = w.id)`);
  }

  /**
   * Takes one abandoned job back, in one transaction, under its row lock (skipped when locked: its
   * run is alive and writing). pg-boss still holds the dead run's job as active until its time limit,
   * so that job is cancelled and the same payload sent as a new pg-boss job that our row now names:
   * a dead run's late answer to pg-boss (complete or fail) touches a cancelled job, never the new one,
   * and the new job starts with its full retry budget (a crash is no error). The row goes back to
   * `queued` (every write of the old run is fenced from here on) and its checkpoint is kept.
   * - pg-boss already put it back itself (its time limit passed): the row is only released;
   * - a live worker fetched it again after that: left to its claim;
   * - taken back MAX_RECLAIMS times already: failed with the reason;
   * - unknown to this queue's pg-boss schema: left alone.
   */
  private async reclaim(def: AnyJob, row: Held): Promise<'requeued' | 'released' | 'failed' | 'skipped'> {
    const boss = this.boss;
    if (!boss) return 'skipped';
    return this.database.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ reclaims: backgroundJob.reclaims, leased_at: backgroundJob.leased_at })
        .from(backgroundJob)
        .where(
          and(
            eq(backgroundJob.id, row.id),
            eq(backgroundJob.status, 'running'),
            eq(backgroundJob.boss_job_id, row.boss_job_id),
            row.lease_owner === null ? isNull(backgroundJob.lease_owner) : eq(backgroundJob.lease_owner, row.lease_owner),
          ),
        )
        .for('update', { skipLocked: true });
      if (!current) return 'skipped';
      const db = transactionExecutor(tx) as PgBoss.Db;
      const old = await boss.getJobById<object>(def.kind, row.boss_job_id, { includeArchive: true, db });
      const back = { lease_owner: null, reclaims: sql`${backgroundJob.reclaims} + 1`, updated_at: sql`now()` };
      const fail = async (error: string) => {
        await tx
          .update(backgroundJob)
          .set({ ...back, status: 'failed', error, finished_at: sql`now()` })
          .where(eq(backgroundJob.id, row.id));
        return 'failed' as const;
      };
      if (old && (old.state === 'created' || old.state === 'retry')) {
        await tx.update(backgroundJob).set({ ...back, status: 'queued' }).where(eq(backgroundJob.id, row.id));
        return 'released';
      }
      if (old?.state === 'active' && current.leased_at && new Date(old.startedOn) > current.leased_at) return 'skipped';
      if (old?.state === 'active') {
        await boss.cancel(def.kind, old.id, { db });
        // an expiry of pg-boss's that moved it in the meantime: leave it for the next heartbeat
        if ((await boss.getJobById(def.kind, old.id, { includeArchive: false, db }))?.state !== 'cancelled') throw new Error('a fila mudou a tarefa durante a retomada');
      }
      // unknown to this queue's pg-boss schema: not ours to take (tests give apps schemas of their own)
      if (!old) return 'skipped';
      if (current.reclaims >= MAX_RECLAIMS) return fail(`Tarefa interrompida ${current.reclaims + 1} vezes pela queda do servidor que a executava; não será executada de novo.`);
      const bossJobId = randomUUID();
      const sent = await boss.send(def.kind, old.data ?? {}, {
        ...this.sendOptions(def),
        id: bossJobId,
        db,
        priority: old.priority,
        ...(old.singletonKey ? { singletonKey: old.singletonKey } : {}),
      });
      // a queue that keeps one job waiting (policy short: the crons) has the next run there already
      if (!sent) return fail('Tarefa interrompida pela queda do servidor; a próxima execução já está na fila.');
      await tx
        .update(backgroundJob)
        .set({ ...back, status: 'queued', boss_job_id: bossJobId })
        .where(eq(backgroundJob.id, row.id));
      return 'requeued';
    });
  }
}

/** The statuses of a job not finished yet. */
const OPEN: BackgroundJobStatus[] = ['queued', 'running'];

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
    complete: (result, tx) => run.complete(result, tx),
    throwIfInterrupted: () => run.throwIfInterrupted(),
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}
