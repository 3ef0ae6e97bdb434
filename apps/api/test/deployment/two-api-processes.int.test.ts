import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { completeCpf } from '@bg/domain';
import { totpCode } from '../../src/modules/auth/totp.js';
import { multipart, uniquePng } from '../multipart.js';
import { awayFromWindowEnd } from '../rate-window.js';

/**
 * More than one machine (docs/deployment.md): two real API processes (`src/main.ts` under tsx, as
 * `npm run dev` runs it) started together on one fresh PostgreSQL database, with the same
 * JWT_SECRET and one shared STORAGE_DIR, keep no state of their own that matters:
 * - the migrations and the demo seed run once although both start at the same moment;
 * - each accepts the other's sessions, and refresh-token rotation (and replay detection) is in the database;
 * - each serves the files the other received, through the other's signed links;
 * - the login throttle and the bureau rate limit count across both;
 * - a two-factor login started on one finishes on the other (stateless signed challenge, one key).
 * That the job queue never runs one job twice across processes is test/jobs/two-processes.int.test.ts.
 */
const runUrl = inject('testDatabaseUrl');
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

type Server = { base: string; proc: ChildProcess; output: string[] };
const servers: Server[] = [];
let dbUrl = '';
let dbName = '';
let adminUrl = '';
const tmpDirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function startServer(port: number, env: Record<string, string>): Server {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout!.on('data', (b: Buffer) => output.push(b.toString()));
  proc.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
  return { base: `http://127.0.0.1:${port}`, proc, output };
}

async function waitHealthy(s: Server, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (s.proc.exitCode !== null) throw new Error(`servidor saiu (${s.proc.exitCode}):\n${s.output.join('')}`);
    try {
      const res = await fetch(`${s.base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`servidor não respondeu:\n${s.output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(s: Server): Promise<void> {
  if (s.proc.exitCode !== null || s.proc.signalCode !== null) return;
  const exited = new Promise((resolve) => s.proc.once('exit', resolve));
  s.proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
}

/** A JSON answer of another process, read loosely: each test checks the fields it needs (like `res.json()` of inject). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Answer = { status: number; body: Json; cookies: string[]; raw: Response };
async function call(s: Server, method: string, url: string, opts: { token?: string; json?: object; cookie?: string; body?: Buffer; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: BodyInit | undefined = opts.body ? new Uint8Array(opts.body) : undefined;
  if (opts.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const raw = await fetch(`${s.base}${url}`, { method, headers, body });
  const text = await raw.clone().text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a file
  }
  return { status: raw.status, body: parsed as Json, cookies: raw.headers.getSetCookie(), raw };
}
const refreshCookie = (a: Answer) => a.cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('bg_refresh='));

const login = async (s: Server, username: string, password: string) => {
  const res = await call(s, 'POST', '/api/login', { json: { username, password } });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
};

describe.runIf(runUrl)('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const server = new URL(runUrl);
    dbName = `bg_mp_${Date.now()}_${randomBytes(3).toString('hex')}`;
    server.pathname = '/postgres';
    adminUrl = server.toString();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    server.pathname = `/${dbName}`;
    dbUrl = server.toString();

    const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-mp-files-'));
    tmpDirs.push(storage);
    const env = {
      DATABASE_URL: dbUrl,
      HOST: '127.0.0.1',
      SEED: 'demo',
      JWT_SECRET: randomBytes(32).toString('hex'),
      STORAGE_DIR: storage,
      WEB_DIST: path.join(storage, 'no-web-build'),
      LOG_LEVEL: 'warn',
      JOBS: 'on',
      LOGIN_FREE_FAILURES: '1',
      BUREAU_RATE_LIMIT: '3',
      REFRESH_REUSE_GRACE: '1',
    };
    const ports = [await freePort(), await freePort()];
    // started at the same moment on an empty database: migrations, seed and job queue set-up race
    for (const port of ports) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-mp-data-'));
      tmpDirs.push(dataDir);
      servers.push(startServer(port, { ...env, DATA_DIR: dataDir }));
    }
    await Promise.all(servers.map((s) => waitHealthy(s)));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('migrated and seeded the database once, although both started together', async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const users = await client.query(`SELECT login, count(*)::int AS n FROM usuario WHERE login IN ('admin', 'loja', 'franqueado') GROUP BY login ORDER BY login`);
      expect(users.rows).toEqual([{ login: 'admin', n: 1 }, { login: 'franqueado', n: 1 }, { login: 'loja', n: 1 }]);
      const migrations = await client.query('SELECT count(*)::int AS n, count(DISTINCT name)::int AS d FROM schema_migration');
      expect(migrations.rows[0].n).toBe(migrations.rows[0].d);
    } finally {
      await client.end();
    }
    for (const s of servers) expect((await call(s, 'GET', '/api/health')).body).toEqual({ status: 'ok', db: 'postgres' });
  });

  it("each accepts the other's sessions; refresh rotation and replay detection live in the database", async () => {
    const [a, b] = servers;
    const onA = await login(a, 'admin', 'admin123');
    expect((await call(b, 'GET', '/api/usuario/getUserCurrent', { token: onA.body.access_token })).body.data.login).toBe('admin');
    const first = refreshCookie(onA)!;
    const rotated = await call(b, 'POST', '/api/login/refresh', { cookie: first });
    expect(rotated.status).toBe(200);
    const second = refreshCookie(rotated)!;
    expect(second).not.toBe(first);
    expect((await call(a, 'GET', '/api/usuario/getUserCurrent', { token: rotated.body.access_token })).status).toBe(200);
    // the used token presented again on the other process after the grace window: theft, the family dies
    await new Promise((r) => setTimeout(r, 1500));
    expect((await call(a, 'POST', '/api/login/refresh', { cookie: first })).status).toBe(401);
    expect((await call(b, 'POST', '/api/login/refresh', { cookie: second })).status).toBe(401);
    // logout on one process ends the session for both
    const again = await login(b, 'admin', 'admin123');
    await call(a, 'POST', '/api/logout', { cookie: refreshCookie(again) });
    expect((await call(b, 'POST', '/api/login/refresh', { cookie: refreshCookie(again) })).status).toBe(401);
  });

  it('a file received by one is served by the other, through either signed link', async () => {
    const [a, b] = servers;
    const token = (await login(a, 'admin', 'admin123')).body.access_token as string;
    const people = await call(a, 'GET', '/api/pessoa/getAllPaginate?per_page=1', { token });
    const pessoaId = people.body.data[0].id as number;
    const content = uniquePng(randomBytes(16).toString('hex'));
    const form = multipart({ pessoa_id: String(pessoaId) }, [{ name: `mp-${Date.now()}.png`, data: content, type: 'image/png' }]);
    const up = await call(a, 'POST', '/api/pessoa/uploadDocumento', { token, body: form.payload, headers: form.headers });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const uploadedId = up.body.data[0].id as number;
    for (const [lister, server] of [[b, a], [a, b], [b, b]] as const) {
      const docs = await call(lister, 'GET', `/api/pessoa/getDocumentacao/${pessoaId}`, { token });
      const doc = (docs.body.data as { id: number; url: string }[]).find((d) => d.id === uploadedId)!;
      const file = await fetch(`${server.base}${doc.url}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(content)).toBe(true);
    }
  });

  it('the login limits count failures made on both (decision 106)', async () => {
    const [a, b] = servers;
    const attempt = async (s: Server, password: string) => {
      const res = await call(s, 'POST', '/api/login', { json: { username: 'franqueado', password } });
      return { status: res.status, wait: Number(res.raw.headers.get('retry-after') ?? 0) };
    };
    const pause = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000 + 200));
    // one free failure, then each one doubles the wait: B's failure continues A's count, and back
    expect(await attempt(a, 'errada')).toEqual({ status: 401, wait: 0 });
    const waitingOnB = await attempt(b, 'errada');
    expect(waitingOnB).toEqual({ status: 429, wait: 1 });
    await pause(1);
    expect((await attempt(b, 'errada')).status).toBe(401);
    const waitingOnA = await attempt(a, 'franq123');
    expect(waitingOnA.status).toBe(429);
    expect(waitingOnA.wait).toBeGreaterThanOrEqual(1);
    // both failures on one counter: the address's and the login's
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const rows = await client.query(`SELECT ip, failures FROM login_throttle WHERE login = 'franqueado' ORDER BY ip`);
      expect(rows.rows.map((r) => r.failures)).toEqual([2, 2]);
    } finally {
      await client.end();
    }
    await pause(waitingOnA.wait);
    expect((await attempt(a, 'franq123')).status).toBe(200);
  });

  it('the bureau rate limit counts queries made on both', async () => {
    const [a, b] = servers;
    const token = (await login(b, 'loja', 'loja1234')).body.access_token as string;
    let n = 700_000_000 + Math.floor(Math.random() * 99_000_000);
    const lookup = (s: Server) => call(s, 'POST', '/api/garantia/consultaDocumento', { token, json: { documento: completeCpf(String(n++)) } });
    await awayFromWindowEnd(60, 15);
    expect([(await lookup(a)).status, (await lookup(b)).status, (await lookup(a)).status]).toEqual([200, 200, 200]);
    expect((await lookup(b)).status).toBe(429);
    expect((await lookup(a)).status).toBe(429);
  });

  it('a two-factor login started on one finishes on the other', async () => {
    const [a, b] = servers;
    const token = (await login(b, 'admin', 'admin123')).body.access_token as string;
    const secret = (await call(b, 'POST', '/api/usuario/doisFatores/iniciar', { token })).body.data.segredo as string;
    // confirmed on A: the secret sealed by B opens there (same key)
    expect((await call(a, 'POST', '/api/usuario/doisFatores/confirmar', { token, json: { code: totpCode(secret) } })).status).toBe(200);
    const challenge = (await login(a, 'admin', 'admin123')).body.challenge as string;
    expect(challenge).toEqual(expect.any(String));
    const done = await call(b, 'POST', '/api/login/2fa', { json: { challenge, code: totpCode(secret, Date.now() + 30_000) } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await call(a, 'GET', '/api/usuario/getUserCurrent', { token: done.body.access_token })).body.data.dois_fatores.ativo).toBe(true);
  });

  it('neither process logged a warning about its own secrets', () => {
    for (const s of servers) expect(s.output.join('')).not.toMatch(/JWT_SECRET não definido/);
  });
});
