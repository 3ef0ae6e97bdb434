import type { DbOrTx, Db } from '../../db/client.js';
import type { JobRun } from '../../jobs/index.js';

/**
 * A job run for running a job's handler in the caller's process and transaction, without the
 * queue (the demo seed previews and applies its retorno this way): no progress, no checkpoints.
 */
export function inlineJobRun<C>(db: DbOrTx): JobRun<C> {
  const signal = new AbortController().signal;
  return {
    jobId: 0,
    attempt: 1,
    signal,
    lastCheckpoint: null,
    db: db as Db,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    progress: () => undefined,
    checkpoint: async () => undefined,
    complete: async () => undefined,
    throwIfInterrupted: () => undefined,
  };
}
