import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPostgres } from '../../src/db/client.js';
import { TEST_JOBS, testHooks } from './test-jobs.js';

/**
 * A second "API process" for two-processes.int.test.ts: the whole app with JOBS=on on the given
 * PostgreSQL database and pg-boss schema. With WORKER_HOLD_STEP it reports reaching that step of a
 * steps job (first run only) and then hangs there, waiting to be killed. WORKER_LEASE_SECONDS and
 * WORKER_HEARTBEAT_SECONDS set its job lease (decision 108; default the app's).
 * Messages: → { type: 'ready' }, { type: 'atStep', jobId }; ← { type: 'close' }.
 */
const send = (msg: object) => process.send?.(msg);
const holdStep = process.env.WORKER_HOLD_STEP ? Number(process.env.WORKER_HOLD_STEP) : null;
if (holdStep !== null) {
  testHooks.beforeStep = async (jobId, step, ctx) => {
    if (step !== holdStep || ctx.attempt !== 1) return;
    send({ type: 'atStep', jobId });
    await new Promise(() => undefined);
  };
}

const database = await openPostgres(process.env.WORKER_DATABASE_URL!);
const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', jobs: 'on' as const };
const app = await buildApp({
  database,
  config,
  logger: false,
  jobs: {
    schema: process.env.WORKER_SCHEMA!,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    stopGraceMs: 1000,
    extraJobs: TEST_JOBS,
    ...(process.env.WORKER_LEASE_SECONDS ? { leaseSeconds: Number(process.env.WORKER_LEASE_SECONDS), heartbeatSeconds: Number(process.env.WORKER_HEARTBEAT_SECONDS) } : {}),
  },
});
await app.ready();
process.on('message', (msg: { type?: string }) => {
  if (msg?.type !== 'close') return;
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
send({ type: 'ready' });
