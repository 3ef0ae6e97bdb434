import { defineJob } from '../../jobs/index.js';
import { applyRetorno, type ApplyCheckpoint, type ApplyData, type ApplyResult } from './apply-retorno.js';
import { cnabStorageOf as storageOf } from './cnab-storage.js';
import { previewRetorno, type PreviewResult } from './preview-retorno.js';

// The retorno's background jobs (docs/decisions/040-job-queue.md, 041).

/** Dry run of an uploaded retorno (progress in bytes of the file). */
export const retornoPreviaJob = defineJob<{ retornoId: number }, PreviewResult>({
  kind: 'cnab.retorno-previa',
  progressUnit: 'bytes',
  timeoutSeconds: 1800,
  retryLimit: 3,
  retryDelaySeconds: 5,
  handler: (data, ctx) => previewRetorno(storageOf(ctx.db), data.retornoId, ctx),
});

/**
 * Applying a retorno, checkpointed per batch. A run that reaches its time limit stops at a batch
 * boundary and the retry goes on from there; after a crash the run is taken again once the time
 * limit has passed (30 min), from the last checkpoint.
 */
export const retornoAplicarJob = defineJob<ApplyData, ApplyResult, ApplyCheckpoint>({
  kind: 'cnab.retorno-aplicar',
  progressUnit: 'bytes',
  timeoutSeconds: 1800,
  retryLimit: 5,
  retryDelaySeconds: 5,
  handler: (data, ctx) => applyRetorno(storageOf(ctx.db), data, ctx),
});
