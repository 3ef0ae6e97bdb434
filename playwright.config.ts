import os from 'node:os';
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { e2eDatabaseName } from './scripts/e2e-databases.mjs';
import { e2eClockStart } from './apps/web/e2e/support/relogio-e2e';

// Browser suite in Debian's Chromium (never a downloaded browser), against the built app served by
// scripts/e2e-server.mjs with the demo seed.
const port = Number(process.env.E2E_PORT ?? 3100);
// One database name per run, chosen here so the web server and the global teardown agree on it
// (workers load this file again but inherit the runner's environment, so ??= keeps the name).
process.env.E2E_RUNNER_PID ??= String(process.pid);
process.env.E2E_DB_NAME ??= e2eDatabaseName(process.pid);
// The e2e server's mailbox (its e-mails, as .eml files) and its clock — inside the régua's sending
// window whatever the hour (apps/web/e2e/support/relogio-e2e.ts) — chosen once, likewise inherited.
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `${process.env.E2E_DB_NAME}.mail`);
if (process.env.E2E_CLOCK_SET_AT === undefined) {
  process.env.E2E_CLOCK_SET_AT = String(Date.now());
  process.env.E2E_CLOCK_START = e2eClockStart(new Date(Number(process.env.E2E_CLOCK_SET_AT)));
}

export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // one browser per two CPUs: on a 2-vCPU machine two workers (two Chromiums, the server and
  // PostgreSQL on two cores) made each test about 3× slower and the whole suite slower (8.7 min
  // against 6.3 min with one), and pushed the longest flows past their time limit
  workers: Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2))),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  globalTeardown: './scripts/e2e-global-teardown.mjs',
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // without it Playwright SIGKILLs the server's process group and the database is never dropped
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
