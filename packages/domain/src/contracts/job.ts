import { z } from 'zod';
import { idParamSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, okData, timestamp } from './envelope.js';

const tags = ['tarefas'];

/** queued: waiting for a worker (first run, retry, or resume after a restart); then running, done or failed. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const jobStatusSchema = z.enum(JOB_STATUSES);

/** A background job run as screens show it: progress ("1.200 de 10.000 títulos") and its outcome. */
export const jobRunJson = z.object({
  id,
  kind: z.string(),
  status: jobStatusSchema,
  progress_done: z.number().int(),
  /** null while the total is unknown */
  progress_total: z.number().int().nullable(),
  progress_unit: z.string().nullable(),
  /** what the job answered when done (its shape depends on the kind) */
  result: z.unknown().meta({ description: 'resultado da tarefa (formato conforme o tipo); null até concluir' }),
  /** the last error: kept while a retry is pending, final when failed */
  error: z.string().nullable(),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
});
export type JobRunJson = z.output<typeof jobRunJson>;

/** Background jobs (docs/decisions/040-job-queue.md). */
export const jobContracts = {
  getById: defineContract({
    method: 'GET', path: '/api/job/:id', access: 'authenticated', tags,
    summary: 'Andamento e resultado de uma tarefa em segundo plano (de quem a pediu, ou administrador)',
    params: idParamSchema,
    response: okData(jobRunJson),
  }),
};
