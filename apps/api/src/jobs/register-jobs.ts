import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { AppServices } from '../services.js';
import type { AnyJobDefinition, JobCatalogue } from './define-job.js';
import { JobQueue, type JobQueueOptions } from './job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (src/jobs/): enqueue, schedule, wake. */
    jobs: JobQueue;
  }
}

/** Queue settings a caller of buildApp may override (tests: own pg-boss schema, faster polling, their own kinds). */
export type JobsBuildOptions = Partial<Omit<JobQueueOptions, 'log' | 'catalogue' | 'services'>> & {
  /** Kinds beyond the catalogue (the jobs tests' own); production code adds kinds to catalogue.ts. */
  extraJobs?: readonly AnyJobDefinition[];
};

/**
 * Builds the app's job queue on the catalogue (catalogue.ts) and the app's services, started when
 * the app is ready (workers and crons with JOBS=on) and stopped, handlers first, when the app closes.
 */
export function registerJobs(
  app: FastifyInstance,
  deps: { database: Database; mode: 'on' | 'off'; catalogue: JobCatalogue; services: AppServices; options?: JobsBuildOptions },
): JobQueue {
  const { extraJobs = [], ...options } = deps.options ?? {};
  const queue = new JobQueue(deps.database, {
    mode: deps.mode,
    log: app.log.child({ module: 'jobs' }),
    catalogue: { jobs: [...deps.catalogue.jobs, ...extraJobs], schedules: deps.catalogue.schedules },
    services: deps.services,
    ...options,
  });
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => {
    const started = Date.now();
    await queue.start();
    app.log.info({ mode: queue.mode, ms: Date.now() - started }, 'job queue started');
  });
  app.addHook('onClose', async () => queue.stop());
  return queue;
}
