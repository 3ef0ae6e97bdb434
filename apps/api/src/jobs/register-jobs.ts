import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { JobQueue, type JobQueueOptions } from './job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (src/jobs/): enqueue, schedule, wake. */
    jobs: JobQueue;
  }
}

/** Queue settings a caller of buildApp may override (tests: own pg-boss schema, faster polling). */
export type JobsBuildOptions = Partial<Omit<JobQueueOptions, 'log'>>;

/**
 * Decorates the app with its job queue, started when the app is ready (after every route module has
 * imported its job definitions) and stopped, handlers first, when the app closes.
 */
export function registerJobs(app: FastifyInstance, deps: { database: Database; config: Config; options?: JobsBuildOptions }): JobQueue {
  const queue = new JobQueue(deps.database, {
    mode: deps.config.jobs,
    log: app.log.child({ module: 'jobs' }),
    ...deps.options,
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
