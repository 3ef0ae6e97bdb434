// The server Playwright drives (playwright.config.ts webServer): the built app (apps/api/dist) with
// the demo seed and 5-second access tokens (so the refresh path runs during the suite), on a fresh
// database — PostgreSQL when TEST_DATABASE_URL is set, else PGlite in a temporary DATA_DIR.
// The database goes away however the run ends: SIGTERM/SIGINT (Playwright stops its web server
// with SIGTERM), the server exiting, or the Playwright runner dying (we watch its pid). Playwright's
// globalTeardown (apps/web/e2e/support/global-teardown.ts) drops it again as a second line of
// defence, and each start drops what crashed runs left behind (dropStaleDatabases).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build, root } from './build.mjs';
import { dropE2eDatabase, dropStaleE2eDatabases, e2eDatabaseName, serverPidFile } from './e2e-databases.mjs';
import { startMailSink } from './e2e-mail-sink.mjs';

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  SEED: 'demo',
  ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL ?? '5',
  LOG_LEVEL: 'warn',
  CHAT_URL: 'https://chat.example.com/boleto-garantido',
  // offline: CEPs from the seeded cache only (the online providers are on by default)
  CEP_PROVIDERS: 'none',
  // the demo conta starts in CNAB mode (the remessa/retorno specs); the bank spec switches it to the
  // in-process sandbox's API and back; work for the bank is looked for every second
  BANK_MODE: 'cnab',
  BANK_SYNC_SECONDS: '1',
};
// the Playwright runner that started us (its pid is in the database name): gone → we stop
const runnerPid = Number(process.env.E2E_RUNNER_PID) || process.ppid;
let cleanup = async () => {};

// E2E_SERVER_FROM_SOURCE=1 runs apps/api/src/main.ts through tsx instead of the build: only for
// this script's own test (apps/api/test/e2e-server-cleanup.int.test.ts), which must not build
const fromSource = process.env.E2E_SERVER_FROM_SOURCE === '1';
if (!fromSource) build({ ifStale: true });

if (process.env.TEST_DATABASE_URL) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = process.env.E2E_DB_NAME || e2eDatabaseName(runnerPid);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const dropped = await dropStaleE2eDatabases(admin, name);
    if (dropped.length) console.log(`e2e: bancos de execuções anteriores removidos: ${dropped.join(', ')}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  // tells the global teardown that this server is alive and will drop the database itself
  const pidFile = serverPidFile(name);
  fs.writeFileSync(pidFile, String(process.pid));
  // the files (remessas, retornos, signed PDFs) in a folder of this run, never the repository's ./data
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-e2e-files-'));
  env.STORAGE_DIR = storageDir;
  // and DATA_DIR (the in-process bank sandbox's state, the credentials' key) of this run too: a
  // fresh database numbers boletos from 1 again, which a sandbox kept from an earlier run already holds
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-e2e-data-'));
  env.DATA_DIR = dataDir;
  cleanup = async () => {
    await dropE2eDatabase(serverUrl, name);
    fs.rmSync(pidFile, { force: true });
    fs.rmSync(storageDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-e2e-'));
  env.DATA_DIR = dir;
  delete env.DATABASE_URL;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

// E-mail goes by SMTP to this run's mailbox (E2E_MAIL_DIR, chosen by playwright.config.ts) and
// the clock starts inside the régua's sending window when the real one is outside it
// (E2E_CLOCK_START, same origin): the reminder spec (apps/web/e2e/pagador/lembrete-email.spec.ts)
// runs the régua and reads the e-mail it sent. CLOCK_START is that instant moved by the time since
// Playwright chose it, so the spec and the server agree on "now".
let mailSink = null;
if (process.env.E2E_MAIL_DIR) {
  mailSink = await startMailSink(process.env.E2E_MAIL_DIR);
  env.SMTP_URL = `smtp://127.0.0.1:${mailSink.port}`;
  env.SMTP_FROM = 'Boleto Garantido <cobranca@boleto-garantido.test>';
}
if (process.env.E2E_CLOCK_START && process.env.E2E_CLOCK_SET_AT) {
  env.CLOCK_START = new Date(Date.now() + Date.parse(process.env.E2E_CLOCK_START) - Number(process.env.E2E_CLOCK_SET_AT)).toISOString();
}
const stopMail = async () => {
  await mailSink?.close();
  if (process.env.E2E_MAIL_DIR) fs.rmSync(process.env.E2E_MAIL_DIR, { recursive: true, force: true });
};

const entry = fromSource ? ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')] : [path.join(root, 'apps/api/dist/main.js')];
const server = spawn(process.execPath, entry, { cwd: root, stdio: 'inherit', env });
const serverExited = new Promise((resolve) => server.once('exit', resolve));

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  // the server closes its connections first (at most 10 s), then the database can go
  await Promise.race([serverExited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await cleanup().catch((err) => console.error(`e2e: não foi possível remover o banco de teste: ${err.message}`));
  await stopMail().catch(() => undefined);
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
server.on('exit', (code) => void stop(code ?? 1));
setInterval(() => {
  try {
    process.kill(runnerPid, 0);
  } catch {
    void stop(0);
  }
}, 1000).unref();
