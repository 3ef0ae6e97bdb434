// The server Playwright drives: with TEST_DATABASE_URL a fresh PostgreSQL database is created for
// the run (and dropped on exit); otherwise PGlite in a fresh temporary DATA_DIR. Demo seed, short
// access tokens (so the refresh path runs during the suite), the built web app.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PORT: process.env.E2E_PORT ?? '3100', SEED: 'demo', ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL ?? '5', LOG_LEVEL: 'warn', CHAT_URL: 'https://chat.example.com/boleto-garantido' };
let cleanup = async () => {};

if (process.env.TEST_DATABASE_URL) {
  const name = `bg_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-e2e-'));
  env.DATA_DIR = dir;
  delete env.DATABASE_URL;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

const server = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/main.ts')], { cwd: root, stdio: 'inherit', env });
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await cleanup().catch(() => undefined);
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
server.on('exit', (code) => void stop(code ?? 0));
