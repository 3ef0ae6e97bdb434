import type { DbOrTx, Db } from '../../db/client.js';
import type { JobContext } from '../../jobs/index.js';

/**
 * A JobContext for running a job's handler in the caller's process and transaction, without the
 * queue (the demo seed previews and applies its retorno this way): no progress, no checkpoints.
 */
export function inlineJobContext<C>(db: DbOrTx): JobContext<C> {
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
    throwIfInterrupted: () => undefined,
  };
}
