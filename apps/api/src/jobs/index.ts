// The background-job API for features (docs/decisions/040-job-queue.md; ARCHITECTURE.md "jobs/").
// Features declare kinds (jobKind) and enqueue them; catalogue.ts, which imports the features'
// handlers, is imported by app.ts only.
export { cron, defineJob, JobInterrupted, JobLeaseLost } from './define-job.js';
export type { AnyJobDefinition, JobCatalogue, JobContext, JobDefinition, JobOptions, JobPolicy, JobRun, JobSchedule } from './define-job.js';
export { jobKind, type JobKind } from './job-kind.js';
export { JobQueue } from './job-queue.js';
export { withBeforeCommit } from './job-run.js';
export type { EnqueueOptions, EnqueuedJob, JobQueueOptions } from './job-queue.js';
export type { JobsBuildOptions } from './register-jobs.js';
