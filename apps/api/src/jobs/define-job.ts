import type { Db, Tx } from '../db/client.js';
import type { AppServices } from '../services.js';
import { assertKindName, type JobKind } from './job-kind.js';

/**
 * One kind of background job as the catalogue (catalogue.ts) defines it: its handler and retry
 * policy (docs/decisions/040-job-queue.md). Nothing is registered anywhere: buildApp hands the
 * catalogue to the queue. Handlers receive the payload and a JobContext — the run (progress,
 * checkpoints) plus the app's services.
 */
export type JobRun<C = unknown> = {
  /** Our background_job id (what GET /api/job/:id shows). */
  readonly jobId: number;
  /** 1 on the first run, higher after a retry or a resume. */
  readonly attempt: number;
  /**
   * Aborted on shutdown, when the run reaches its time limit, or when its process learns another one
   * took the job over (reason JobLeaseLost): stop at the next safe point.
   */
  readonly signal: AbortSignal;
  /** The value last saved with checkpoint() (by this run or by an interrupted earlier one), else null. */
  readonly lastCheckpoint: C | null;
  /**
   * The app's database; on PGlite never call it while holding a transaction of your own (one
   * connection). Fenced (decision 108): each transaction opened on it checks, just before it commits,
   * that this run still holds the job, and rolls back with JobLeaseLost when a newer run took it
   * over — so a run whose process lost its lease never commits after the takeover. (Single
   * statements outside a transaction are not fenced.)
   */
  readonly db: Db;
  readonly log: JobLogger;
  /**
   * Progress for screens ("1.200 de 10.000 títulos"). Cheap: kept in memory and written at most every
   * 250 ms, never awaited (so it is safe inside a transaction). A total of null means unknown.
   */
  progress(done: number, total?: number | null, unit?: string | null): void;
  /**
   * Saves the resume point (small JSON: a position, a counter) with the current progress. Pass the
   * transaction of the step it follows: the step and its checkpoint commit together, so a resumed run
   * never applies a step twice. Throws (rolling that transaction back) when the run was interrupted or
   * a newer run took the job over.
   */
  checkpoint(value: C, tx?: Tx): Promise<void>;
  /**
   * Records the run's result (status done) in `tx`, the transaction of the handler's last step: the
   * step and the outcome commit together, or neither (JobLeaseLost) when a newer run took the job
   * over. For a last step that must never run again once committed (Gerar Remessa's transaction).
   * The handler then returns the same result.
   */
  complete(result: unknown, tx: Tx): Promise<void>;
  /** Throws JobInterrupted when the signal is aborted; call it between steps that do not checkpoint. */
  throwIfInterrupted(): void;
};

/** What a handler receives: its run and the services buildApp built (storage, bureau, messaging, clock…). */
export type JobContext<C = unknown> = JobRun<C> & AppServices;

export type JobLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** pg-boss queue policies: `singleton` runs one job per singletonKey at a time, `short` queues one. */
export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately';

export type JobOptions<D, R, C> = {
  handler: (data: D, ctx: JobContext<C>) => Promise<R>;
  /** Runs after the first that may end in an error before the job is failed (default 2). */
  retryLimit?: number;
  /** Wait before a retry, seconds (default 30); doubled per retry with retryBackoff (default true). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * Longest one run may take, seconds (default 900, pg-boss's expireIn, at most 23 h). The signal is
   * aborted at 90 % of it; a run that passes it counts as an error. After a crash the job comes back
   * when its process's lease runs out (JOB_LEASE_SECONDS, decision 108), not after this time.
   */
  timeoutSeconds?: number;
  policy?: JobPolicy;
  /** Workers per process for this kind (default 1). */
  concurrency?: number;
  /** Default unit shown with progress ('títulos', 'bytes'). */
  progressUnit?: string;
};

export type JobDefinition<D = unknown, R = unknown, C = unknown> = JobKind<D> &
  Readonly<Required<Omit<JobOptions<D, R, C>, 'progressUnit'>> & { progressUnit: string | null }>;

/** A definition of any kind, as the catalogue lists them (each kind's payload type erased). */
export type AnyJobDefinition = JobDefinition<never, unknown, never>;

/**
 * A kind's handler and policy with their defaults filled in. The kind is a declared JobKind (the
 * features' jobs) or a name (the jobs tests' own kinds).
 */
export function defineJob<D = unknown, R = unknown, C = unknown>(kind: JobKind<D> | string, input: JobOptions<D, R, C>): JobDefinition<D, R, C> {
  const name = typeof kind === 'string' ? kind : kind.kind;
  assertKindName(name);
  const timeoutSeconds = input.timeoutSeconds ?? 900;
  if (timeoutSeconds < 2 || timeoutSeconds >= 23 * 3600) throw new Error(`timeoutSeconds fora de 2 s .. 23 h: ${name}`);
  return Object.freeze({
    kind: name,
    handler: input.handler,
    retryLimit: input.retryLimit ?? 2,
    retryDelaySeconds: input.retryDelaySeconds ?? 30,
    retryBackoff: input.retryBackoff ?? true,
    timeoutSeconds,
    policy: input.policy ?? 'standard',
    concurrency: Math.max(1, input.concurrency ?? 1),
    progressUnit: input.progressUnit ?? null,
  });
}

/** A cron of the catalogue: `kind` runs with `data` at each `cron` (5 fields, São Paulo time) in processes with JOBS=on. */
export type JobSchedule = { readonly kind: string; readonly cron: string; readonly data: object };

/** One schedule, its data checked against the kind's payload. */
export function cron<D extends object>(job: JobKind<D>, expression: string, data: D): JobSchedule {
  return Object.freeze({ kind: job.kind, cron: expression, data });
}

/** Every job kind the app runs and every cron (catalogue.ts); the queue gets it from buildApp. */
export type JobCatalogue = { jobs: readonly AnyJobDefinition[]; schedules: readonly JobSchedule[] };

/** Thrown by checkpoint()/throwIfInterrupted() once the run's signal is aborted. */
export class JobInterrupted extends Error {
  constructor(readonly reason: 'shutdown' | 'timeout') {
    super(reason === 'shutdown' ? 'Tarefa interrompida pelo encerramento do servidor.' : 'Tarefa excedeu o tempo limite.');
    this.name = 'JobInterrupted';
  }
}

/**
 * Thrown when a newer run of the same job owns it: this run outlived its time limit, or its process
 * lost its lease (no heartbeat for JOB_LEASE_SECONDS) and the job was taken over (decision 108).
 */
export class JobLeaseLost extends Error {
  constructor() {
    super('Outra execução assumiu esta tarefa.');
    this.name = 'JobLeaseLost';
  }
}
