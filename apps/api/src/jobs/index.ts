// The background-job API for features (docs/decisions/040-job-queue.md; ARCHITECTURE.md "jobs/").
export { defineJob, JobInterrupted, JobLeaseLost } from './define-job.js';
export type { JobContext, JobDefinition, JobDefinitionInput, JobPolicy } from './define-job.js';
export { JobQueue } from './job-queue.js';
export type { EnqueueOptions, EnqueuedJob, JobQueueOptions } from './job-queue.js';
export { registerJobs, type JobsBuildOptions } from './register-jobs.js';
