import { jobKind } from '../../jobs/index.js';
import type { ApplyData } from './apply-retorno.js';

// The retorno's background jobs (docs/decisions/040-job-queue.md, 041); handlers preview-retorno.ts
// and apply-retorno.ts, policies in jobs/catalogue.ts.

/** Dry run of an uploaded retorno (progress in bytes of the file). */
export const retornoPreviaJob = jobKind<{ retornoId: number }>('cnab.retorno-previa');

/** Applying a retorno, checkpointed per batch. */
export const retornoAplicarJob = jobKind<ApplyData>('cnab.retorno-aplicar');
