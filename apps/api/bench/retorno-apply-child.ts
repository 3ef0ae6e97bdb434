// Child of bench/retorno-apply.ts: the apply alone, in a process of its own run as production runs
// the app (an esbuild bundle, `npm start`'s V8 flags), so its peak RSS is the apply path's, not the
// bench's preparation (the copy, 100 k boletos read, the file written) nor tsx's loader.
// argv: <postgres url | pglite dir> <storage dir> <retorno id> <usuario id>
import { applyRetorno, applyRetornoHooks, type ApplyCheckpoint } from '../src/modules/cnab/apply-retorno.js';
import { localFileStorage } from '../src/adapters/storage/file-storage.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import type { JobRun } from '../src/jobs/index.js';
import { peakRssMiB } from './cnab-bench-support.js';

const [where, storageDir, retornoId, usuarioId] = process.argv.slice(2);
// BENCH_BATCH=<n>: another batch size than the job's (APPLY_BATCH), to compare
if (process.env.BENCH_BATCH) applyRetornoHooks.batchSize = Number(process.env.BENCH_BATCH);
const database = where.startsWith('postgres') ? await openPostgres(where) : await openPglite(where);
try {
  const ctx: JobRun<ApplyCheckpoint> = {
    jobId: 0,
    attempt: 1,
    signal: new AbortController().signal,
    lastCheckpoint: null,
    db: database.db,
    log: { info: () => undefined, warn: () => undefined, error: (o) => console.error(o) },
    // checkpoints and progress go to background_job in the real job: one small row per batch
    progress: () => undefined,
    checkpoint: async () => undefined,
    complete: async () => undefined,
    throwIfInterrupted: () => undefined,
  };
  const rssBefore = peakRssMiB();
  const started = performance.now();
  const result = await applyRetorno(localFileStorage(storageDir), { retornoId: Number(retornoId), usuarioId: Number(usuarioId) }, ctx);
  const ms = performance.now() - started;
  console.log(`BENCH ${JSON.stringify({ titulos: result.titulos, ms, peakRssMiB: peakRssMiB(), rssBeforeMiB: rssBefore })}`);
} finally {
  await database.close();
}
