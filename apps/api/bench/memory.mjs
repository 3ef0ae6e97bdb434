// npm run bench:memory — idle memory (VmRSS) of the production server, as `npm start` runs it:
//   1. PGlite in a new temporary DATA_DIR with the demo seed (first start: initdb, migrations, seed)
//   2. the same DATA_DIR started again (an existing database)
//   3. PostgreSQL: a temporary database on TEST_DATABASE_URL / DATABASE_URL's server (default
//      postgres://postgres@127.0.0.1:5432/postgres), created and dropped here
// Each: start, wait until /api/health answers, log in, read a few lists, wait, read
// /proc/<pid>/status. Linux only. Targets: PGlite < 250 MB, PostgreSQL < 150 MB.
// Options: --pglite or --postgres to run one; --idle-seconds=N (default 5).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { build } from '../../../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const idleSeconds = Number(args.find((a) => a.startsWith('--idle-seconds='))?.split('=')[1] ?? 5);
const only = args.includes('--pglite') ? 'pglite' : args.includes('--postgres') ? 'postgres' : null;
const TARGET_MB = { pglite: 250, postgres: 150 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function status(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The node process running scripts/start.mjs under `npm start` (npm → sh → node). */
function serverPid(npmPid) {
  const queue = [npmPid];
  while (queue.length) {
    const pid = queue.shift();
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (cmdline.some((part) => part.endsWith('scripts/start.mjs')) && path.basename(cmdline[0]).startsWith('node')) return pid;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (children) queue.push(...children.split(/\s+/).map(Number));
    }
  }
  throw new Error('processo do servidor não encontrado');
}

async function waitHealthy(base, child, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('o servidor não respondeu a tempo');
}

async function exercise(base) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const { access_token: token } = await login.json();
  if (!token) throw new Error(`login falhou (${login.status})`);
  const headers = { authorization: `Bearer ${token}` };
  for (const list of ['empresa', 'usuario', 'pessoa']) {
    const res = await fetch(`${base}/api/${list}/getAllPaginate?page=1`, { headers });
    if (!res.ok) throw new Error(`GET ${list} → ${res.status}`);
    await res.arrayBuffer();
  }
  await (await fetch(`${base}/login`)).arrayBuffer();
}

async function measure(label, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED: 'demo', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const started = Date.now();
  try {
    await waitHealthy(base, child);
    const readyMs = Date.now() - started;
    await exercise(base);
    await sleep(idleSeconds * 1000);
    const pid = serverPid(child.pid);
    const result = { label, ...status(pid), readyMs };
    const stop = Date.now();
    child.kill('SIGTERM');
    // npm exits at once; the server follows when it has closed the database and removed its lock
    while (fs.existsSync(`/proc/${pid}`) && Date.now() - stop < 15_000) await sleep(50);
    if (fs.existsSync(`/proc/${pid}`)) throw new Error('o servidor não parou em 15 s');
    return { ...result, stopMs: Date.now() - stop };
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${label}: ${err.message}\n${stderr.trim()}`);
  }
}

function print(r, target) {
  const verdict = r.rssMb < target ? 'ok' : 'ACIMA DA META';
  console.log(
    `${r.label.padEnd(34)} VmRSS ${String(r.rssMb).padStart(4)} MB  (pico ${String(r.peakMb).padStart(4)} MB; meta < ${target} MB: ${verdict})` +
      `  pronto em ${(r.readyMs / 1000).toFixed(1)} s, parou em ${(r.stopMs / 1000).toFixed(1)} s`,
  );
}

// built beforehand, so "pronto em" is the server's own start
build({ ifStale: true });
console.log(`Memória do servidor ocioso (npm start, ${idleSeconds} s após login e três listas):`);

if (only !== 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-bench-memory-'));
  try {
    print(await measure('PGlite, primeiro início (seed demo)', { DATA_DIR: dataDir, DATABASE_URL: '' }), TARGET_MB.pglite);
    print(await measure('PGlite, reinício (banco existente)', { DATA_DIR: dataDir, DATABASE_URL: '' }), TARGET_MB.pglite);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (only !== 'pglite') {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bg_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  let created = false;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    created = true;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    print(await measure('PostgreSQL, primeiro início (seed demo)', { DATABASE_URL: url.toString() }), TARGET_MB.postgres);
  } catch (err) {
    if (!created) console.log(`PostgreSQL: não medido (${err.message})`);
    else throw err;
  } finally {
    if (created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end().catch(() => undefined);
  }
}
