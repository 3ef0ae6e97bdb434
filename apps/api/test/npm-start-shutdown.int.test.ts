import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` stopped with SIGTERM or SIGINT sent to the npm process alone (a process manager, a
// `kill`; docs/decisions/009-production-build-and-startup.md): the server stops gracefully — the
// request in flight is answered, the port is freed, the DATA_DIR lock removed and no process of the
// tree is left, all within 10 s. Linux (/proc lists the process tree).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** pid and every descendant, from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number): number[] {
  const all: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    if (!fs.existsSync(`/proc/${p}`)) continue;
    all.push(p);
    for (const task of fs.readdirSync(`/proc/${p}/task`)) {
      const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
      if (children) queue.push(...children.split(/\s+/).map(Number));
    }
  }
  return all;
}

const alive = (pid: number) => {
  try {
    // a zombie (exited, not yet reaped by its parent) is gone for our purpose
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

async function waitHealthy(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start saiu com código ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`o servidor não ficou pronto:\n${output()}`);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

async function startThenStop(signal: NodeJS.Signals, inFlight: boolean): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-shutdown-'));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-shutdown-web-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }), () => fs.rmSync(webDist, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, SEED: 'demo', JOBS: 'off', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  // with a PostgreSQL server at hand a database of its own (the seed is faster there), else PGlite
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `bg_test_shutdown_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }

  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  npm.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  cleanups.push(() => {
    for (const pid of processTree(npm.pid!)) process.kill(pid, 'SIGKILL');
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, npm, () => output);

  // a login whose body is only half sent: in flight when the signal comes
  const body = JSON.stringify({ username: 'admin', password: 'admin123' });
  const answer = !inFlight ? null : new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    cleanups.push(() => void req.destroy());
    setTimeout(() => req.end(body.slice(10)), 1500);
  });
  await sleep(500);

  const tree = processTree(npm.pid!);
  expect(tree.length).toBeGreaterThanOrEqual(2); // npm and the node it exec'd
  const signalled = Date.now();
  npm.kill(signal);

  if (answer) {
    const login = await answer;
    expect(login.status, login.body).toBe(200);
    expect(JSON.parse(login.body).access_token).toBeTruthy();
  }

  while (Date.now() - signalled < 10_000 && (tree.some(alive) || !(await portIsFree(port)))) await sleep(100);
  const elapsed = Date.now() - signalled;
  expect(tree.filter(alive), `processos vivos ${elapsed} ms após o ${signal}\n${output}`).toEqual([]);
  expect(await portIsFree(port)).toBe(true);
  expect(elapsed).toBeLessThan(10_000);
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  // no start-up failure, no forced exit, no crash stack
  expect(output).not.toMatch(/Não foi possível|não encerrou|Unhandled|\n\s+at .+:\d+:\d+\)?\n/);
}

describe.skipIf(process.platform !== 'linux')('npm start stopped by a signal', () => {
  it('SIGTERM: answers the request in flight, then frees the port and leaves no process within 10 s', () => startThenStop('SIGTERM', true), 300_000);
  it('SIGINT: frees the port and leaves no process within 10 s', () => startThenStop('SIGINT', false), 300_000);
});
