import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The browser suite's server (scripts/e2e-server.mjs) drops its PostgreSQL database however the run
// ends (issue 9): stopped by Playwright (SIGTERM) or by Ctrl-C (SIGINT), its Playwright runner gone
// without stopping it, or killed outright — then the global teardown, or the next run's start, drops
// what it left. The server runs from source (E2E_SERVER_FROM_SOURCE): this test builds nothing.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type E2eDatabases = {
  e2eDatabaseName(runnerPid: number): string;
  dropStaleE2eDatabases(client: pg.Client, keep?: string): Promise<string[]>;
  serverPidFile(name: string): string;
};
let dbs: E2eDatabases;
let admin: pg.Client;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!serverUrl) return;
  dbs = (await import(pathToFileURL(path.join(root, 'scripts/e2e-databases.mjs')).href)) as E2eDatabases;
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await admin?.end();
});

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

/** Every descendant of pid, from /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    if (!fs.existsSync(`/proc/${p}`)) continue;
    if (p !== pid) found.push(p);
    for (const task of fs.readdirSync(`/proc/${p}/task`)) {
      const kids = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
      if (kids) queue.push(...kids.split(/\s+/).map(Number));
    }
  }
  return found;
}

async function databaseExists(name: string): Promise<boolean> {
  return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
}

/** A stand-in for the Playwright runner: the e2e server watches its pid. */
function fakeRunner(): ChildProcess {
  const runner = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(runner);
  return runner;
}

async function startE2eServer(runner: ChildProcess): Promise<{ server: ChildProcess; name: string; exited: Promise<number | null>; output: () => string }> {
  const port = await freePort();
  const name = dbs.e2eDatabaseName(runner.pid!);
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_DB_NAME: name, E2E_RUNNER_PID: String(runner.pid), E2E_SERVER_FROM_SOURCE: '1', JOBS: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(server);
  let output = '';
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`e2e-server saiu (${server.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`e2e-server não ficou pronto:\n${output}`);
    await sleep(250);
  }
  return { server, name, exited, output: () => output };
}

async function expectGoneWithin(name: string, ms: number, output: () => string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && (await databaseExists(name))) await sleep(200);
  expect(await databaseExists(name), output()).toBe(false);
  expect(fs.existsSync(dbs.serverPidFile(name))).toBe(false);
}

describe.skipIf(!serverUrl || process.platform !== 'linux')('the e2e server drops its database however the run ends', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} (Playwright stopping its web server; Ctrl-C)`, async () => {
      const runner = fakeRunner();
      const { server, name, exited, output } = await startE2eServer(runner);
      expect(await databaseExists(name)).toBe(true);
      server.kill(signal);
      expect(await exited).toBe(0);
      await expectGoneWithin(name, 1000, output);
      runner.kill('SIGKILL');
    }, 180_000);
  }

  it('the Playwright runner died without stopping it: it stops itself and drops the database', async () => {
    const runner = fakeRunner();
    const { name, exited, output } = await startE2eServer(runner);
    runner.kill('SIGKILL');
    expect(await exited).toBe(0);
    await expectGoneWithin(name, 1000, output);
  }, 180_000);

  it('killed outright (SIGKILL): the global teardown drops it, and a later start drops what is left', async () => {
    const runner = fakeRunner();
    const { server, name, exited } = await startE2eServer(runner);
    const api = descendants(server.pid!);
    server.kill('SIGKILL');
    await exited;
    // the API it started is orphaned, still running: killed too, as Playwright kills the group
    for (const pid of api) process.kill(pid, 'SIGKILL');
    expect(await databaseExists(name)).toBe(true);

    // the global teardown of the same run: the server's pid file names a dead process
    const teardown = (await import(pathToFileURL(path.join(root, 'scripts/e2e-global-teardown.mjs')).href)) as { default: () => Promise<void> };
    const before = process.env.E2E_DB_NAME;
    process.env.E2E_DB_NAME = name;
    try {
      await teardown.default();
    } finally {
      if (before === undefined) delete process.env.E2E_DB_NAME;
      else process.env.E2E_DB_NAME = before;
    }
    expect(await databaseExists(name)).toBe(false);
    runner.kill('SIGKILL');

    // a leftover of a run whose runner is gone, and one of a run still going on: the next start
    // drops the first and keeps the second
    const dead = dbs.e2eDatabaseName(runner.pid!);
    const live = dbs.e2eDatabaseName(process.pid);
    await admin.query(`create database ${dead}`);
    await admin.query(`create database ${live}`);
    try {
      const dropped = await dbs.dropStaleE2eDatabases(admin, 'bg_e2e_none');
      expect(dropped).toContain(dead);
      expect(dropped).not.toContain(live);
      expect(await databaseExists(dead)).toBe(false);
      expect(await databaseExists(live)).toBe(true);
    } finally {
      await admin.query(`drop database if exists ${dead} with (force)`);
      await admin.query(`drop database if exists ${live} with (force)`);
    }
  }, 180_000);
});
