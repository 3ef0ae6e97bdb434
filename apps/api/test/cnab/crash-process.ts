import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPglite, openPostgres } from '../../src/db/client.js';
import { REMESSAS_DIR } from '../../src/modules/cnab/cnab-file.js';
import { applyRetornoHooks } from '../../src/modules/cnab/apply-retorno.js';

/**
 * An API process for crash-restart.int.test.ts, there to be killed with SIGKILL in the middle of a
 * CNAB job: the whole app with JOBS=on on CRASH_DATABASE_URL (PostgreSQL) or CRASH_DATA_DIR (PGlite,
 * this process alone on it), its files in CRASH_STORAGE_DIR, the job leases of CRASH_LEASE_SECONDS /
 * CRASH_HEARTBEAT_SECONDS. It answers requests the test sends it (the requests a browser would make)
 * and stops forever where CRASH_HOLD says, on the job's first run only:
 * - `remessa`: as the remessa file is about to enter the store — the generation's transaction is open,
 *   its boletos claimed but nothing committed;
 * - `retorno`: before the apply job's second batch (CRASH_BATCH_SIZE titles each) — the first one and
 *   its checkpoint committed.
 * Messages: → { type: 'ready' }, { type: 'held', jobId? }, { type: 'response', statusCode, body };
 * ← { type: 'inject', method, url, token }.
 */
const send = (msg: object) => process.send?.(msg);
const env = process.env;
const hang = () => new Promise<never>(() => undefined);

const database = env.CRASH_DATABASE_URL ? await openPostgres(env.CRASH_DATABASE_URL) : await openPglite(env.CRASH_DATA_DIR!);
const config = { ...loadConfig({ ...env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', jobs: 'on' as const, storageDir: env.CRASH_STORAGE_DIR! };
const app = await buildApp({
  database,
  config,
  logger: false,
  jobs: {
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    stopGraceMs: 1000,
    leaseSeconds: Number(env.CRASH_LEASE_SECONDS),
    heartbeatSeconds: Number(env.CRASH_HEARTBEAT_SECONDS),
  },
});
await app.ready();

if (env.CRASH_HOLD === 'remessa') {
  const storage = app.services.storage;
  const adopt = storage.adopt.bind(storage);
  storage.adopt = async (tempPath, key) => {
    if (!key.startsWith(`${REMESSAS_DIR}/`)) return adopt(tempPath, key);
    send({ type: 'held' });
    return hang();
  };
}
if (env.CRASH_HOLD === 'retorno') {
  applyRetornoHooks.batchSize = Number(env.CRASH_BATCH_SIZE);
  applyRetornoHooks.beforeBatch = async (ctx, index) => {
    if (index !== 1 || ctx.attempt !== 1) return;
    send({ type: 'held', jobId: ctx.jobId });
    await hang();
  };
}

process.on('message', (msg: { type?: string; method?: 'GET' | 'POST'; url?: string; token?: string }) => {
  if (msg?.type !== 'inject') return;
  void app
    .inject({ method: msg.method ?? 'GET', url: msg.url!, headers: { authorization: `Bearer ${msg.token}` } })
    .then((res) => send({ type: 'response', statusCode: res.statusCode, body: res.json() }));
});
send({ type: 'ready' });
