import type { Db, Tx } from '../db/client.js';

/**
 * What a feature declares for one kind of background job (docs/decisions/040-job-queue.md).
 * Definitions are registered when their module is imported; a queue started afterwards works every
 * registered kind. Handlers receive the payload and a JobContext for progress and checkpoints.
 */
export type JobContext<C = unknown> = {
  /** Our background_job id (what GET /api/job/:id shows). */
  readonly jobId: number;
  /** 1 on the first run, higher after a retry or a resume. */
  readonly attempt: number;
  /** Aborted on shutdown or when the run reaches its time limit: stop at the next safe point. */
  readonly signal: AbortSignal;
  /** The value last saved with checkpoint() (by this run or by an interrupted earlier one), else null. */
  readonly lastCheckpoint: C | null;
  /** The app's database; on PGlite never call it while holding a transaction of your own (one connection). */
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
  /** Throws JobInterrupted when the signal is aborted; call it between steps that do not checkpoint. */
  throwIfInterrupted(): void;
};

export type JobLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** pg-boss queue policies: `singleton` runs one job per singletonKey at a time, `short` queues one. */
export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately';

export type JobDefinitionInput<D, R, C> = {
  /** Also the pg-boss queue name: lower case, dots and dashes ('cnab.retorno'). */
  kind: string;
  handler: (data: D, ctx: JobContext<C>) => Promise<R>;
  /** Runs after the first that may end in an error before the job is failed (default 2). */
  retryLimit?: number;
  /** Wait before a retry, seconds (default 30); doubled per retry with retryBackoff (default true). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * Longest one run may take, seconds (default 900, pg-boss's expireIn, at most 23 h). The signal is
   * aborted at 90 % of it; a run that passes it counts as an error, and after a crash the job is run
   * again only once this time has passed since the crashed run started.
   */
  timeoutSeconds?: number;
  policy?: JobPolicy;
  /** Workers per process for this kind (default 1). */
  concurrency?: number;
  /** Default unit shown with progress ('títulos', 'bytes'). */
  progressUnit?: string;
};

export type JobDefinition<D = unknown, R = unknown, C = unknown> = Readonly<
  Required<Omit<JobDefinitionInput<D, R, C>, 'progressUnit'>> & { progressUnit: string | null }
>;

const KIND = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;
const registry = new Map<string, JobDefinition<never, unknown, never>>();

export function defineJob<D = unknown, R = unknown, C = unknown>(input: JobDefinitionInput<D, R, C>): JobDefinition<D, R, C> {
  if (!KIND.test(input.kind) || input.kind.length > 100) throw new Error(`job kind inválido: ${input.kind}`);
  if (registry.has(input.kind)) throw new Error(`job kind definido duas vezes: ${input.kind}`);
  const timeoutSeconds = input.timeoutSeconds ?? 900;
  if (timeoutSeconds < 2 || timeoutSeconds >= 23 * 3600) throw new Error(`timeoutSeconds fora de 2 s .. 23 h: ${input.kind}`);
  const def: JobDefinition<D, R, C> = Object.freeze({
    kind: input.kind,
    handler: input.handler,
    retryLimit: input.retryLimit ?? 2,
    retryDelaySeconds: input.retryDelaySeconds ?? 30,
    retryBackoff: input.retryBackoff ?? true,
    timeoutSeconds,
    policy: input.policy ?? 'standard',
    concurrency: Math.max(1, input.concurrency ?? 1),
    progressUnit: input.progressUnit ?? null,
  });
  registry.set(def.kind, def);
  return def;
}

/** Every definition imported so far (the queue snapshots it when it starts). */
export function registeredJobs(): JobDefinition<never, unknown, never>[] {
  return [...registry.values()];
}

/** Thrown by checkpoint()/throwIfInterrupted() once the run's signal is aborted. */
export class JobInterrupted extends Error {
  constructor(readonly reason: 'shutdown' | 'timeout') {
    super(reason === 'shutdown' ? 'Tarefa interrompida pelo encerramento do servidor.' : 'Tarefa excedeu o tempo limite.');
    this.name = 'JobInterrupted';
  }
}

/** Thrown when a newer run of the same job owns it (this run outlived its time limit). */
export class JobLeaseLost extends Error {
  constructor() {
    super('Outra execução assumiu esta tarefa.');
    this.name = 'JobLeaseLost';
  }
}
