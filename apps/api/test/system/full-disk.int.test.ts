/**
 * PGlite with a full disk (issue 23, decision 107), on a real full file system: a tmpfs mounted for
 * the test (root only; elsewhere the file is skipped and says so). What the independent test saw:
 * writes answered a generic 500, and once a WAL or checkpoint write failed PGlite's backend PANICked
 * and the next call into it blocked the whole process — logins hung, the health check too.
 *
 * - below 64 MB free: health "degraded" (503), every write (a login too) 507 with a sentence about
 *   disk space at once, reads go on; freeing space makes writes work again without a restart;
 * - disk full and a WAL switch forced (the PANIC a long run of writes would reach): the database is
 *   marked stopped, every call answers 503 at once instead of hanging, health says why;
 * - a start on a full disk: one sentence, exit 1.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPglite, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { createUsuario } from '../../src/factories/foundation.js';
import { MIN_FREE_DISK_BYTES } from '../../src/modules/system/disk-space.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MB = 1024 * 1024;

/** Whether this process may mount a tmpfs (root, and a kernel/container that allows it). */
function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const mountable = canMountTmpfs();
if (!mountable) console.warn('full-disk.int.test.ts skipped: mounting a tmpfs needs root (it runs in CI, which is root)');

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

const free = (dir: string) => {
  const s = fs.statfsSync(dir);
  return s.bavail * s.bsize;
};
/** Writes a filler file until `leave` bytes are free (0: until the disk refuses another byte). */
function fill(dir: string, name: string, leave: number): void {
  const fd = fs.openSync(path.join(dir, name), 'a');
  try {
    const big = Buffer.alloc(MB);
    while (free(dir) - leave >= MB) fs.writeSync(fd, big);
    if (leave > 0) {
      const rest = free(dir) - leave;
      if (rest > 0) fs.writeSync(fd, Buffer.alloc(rest));
      return;
    }
    const small = Buffer.alloc(512);
    for (;;) fs.writeSync(fd, small);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
}

describe.skipIf(!mountable)('PGlite on a full disk (a real tmpfs)', () => {
  let mnt: string;
  let database: Database;
  let app: FastifyInstance;
  let admin: { login: string; password: string };
  let token: string;

  beforeAll(async () => {
    mnt = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-fulldisk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192m', 'tmpfs', mnt]);
    const dataDir = path.join(mnt, 'data');
    const template = inject('testDatabaseTemplate');
    // the run's migrated template when it is a PGlite dump; a fresh initdb + migrations otherwise
    const loadDataDir = template.kind === 'pglite' ? new Blob([new Uint8Array(fs.readFileSync(template.dumpPath))]) : undefined;
    database = await openPglite(dataDir, loadDataDir ? { loadDataDir } : {});
    if (!loadDataDir) await migrate(database);
    const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', JOBS: 'off' }), jwtSecret: 'test-secret', dataDir, storageDir: path.join(mnt, 'files') };
    app = await buildApp({ database, config, logger: false });
    await app.ready();
    admin = await createUsuario(database.db, { nivel: '2', empresa_id: null });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (mnt) {
      execFileSync('umount', ['-l', mnt]);
      fs.rmSync(mnt, { recursive: true, force: true });
    }
  }, 60_000);

  const login = () => app.inject({ method: 'POST', url: '/api/login', payload: { username: admin.login, password: admin.password } });
  const suspeito = (cpf: string) => app.inject({ method: 'POST', url: '/api/cpfSuspeito/create', headers: { authorization: `Bearer ${token}` }, payload: { cpf_cnpj: cpf, motivo: 'teste de disco cheio' } });
  const count = async () => Number(((await database.db.execute(sql`select count(*)::int as n from cpf_suspeito`)) as { rows: { n: number }[] }).rows[0].n);
  const timed = async <T>(call: () => Promise<T>) => {
    const started = Date.now();
    const result = await call();
    return { result, ms: Date.now() - started };
  };

  it('with room: health ok, login and writes work', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', db: 'pglite' });
    const res = await login();
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().access_token;
    expect((await suspeito('390.533.447-05')).statusCode).toBe(200);
  });

  it('below the minimum free space: health degraded, every write 507 at once (a login too), reads go on; freeing space is enough', async () => {
    fill(mnt, 'filler-low', MIN_FREE_DISK_BYTES - 24 * MB);
    expect(free(mnt)).toBeLessThan(MIN_FREE_DISK_BYTES);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', db: 'pglite', msg: expect.stringMatching(/^Sem espaço em disco no servidor \(restam \d+ MB; são necessários pelo menos 64 MB\)/) });

    const before = await count();
    const { result: refusedLogin, ms } = await timed(login);
    expect(refusedLogin.statusCode).toBe(507);
    expect(refusedLogin.json()).toEqual({ status: 507, msg: expect.stringContaining('Sem espaço em disco no servidor') });
    expect(ms).toBeLessThan(2_000);
    const write = await suspeito('529.982.247-25');
    expect(write.statusCode).toBe(507);
    expect(await count()).toBe(before);
    expect((await app.inject({ method: 'GET', url: '/api/cpfSuspeito/getAllPaginate', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    fs.rmSync(path.join(mnt, 'filler-low'));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await suspeito('529.982.247-25')).statusCode).toBe(200);
  });

  it('disk full: PostgreSQL says 53100; a failed WAL write PANICs, and then every call answers 503 at once instead of hanging', async () => {
    fill(mnt, 'filler-full', 0);
    expect(free(mnt)).toBeLessThan(MB);
    // a write that must extend a table: the backend's plain ERROR, disk_full
    const extend = await database.db.execute(sql`insert into cpf_suspeito (cpf_cnpj, motivo) select lpad(g::text, 11, '0'), repeat('x', 250) from generate_series(1, 40000) g`).catch((err: unknown) => err);
    expect(JSON.stringify({ code: (extend as { cause?: { code?: string } }).cause?.code })).toContain('53100');
    expect(database.stopped!()).toBeNull();
    // what a long run of writes reaches: the next WAL segment cannot be created (forced here)
    await database.db.execute(sql`select pg_switch_wal()`);
    const panic = await database.db.execute(sql`insert into cpf_suspeito (cpf_cnpj, motivo) values ('00000000191', 'wal')`).catch((err: unknown) => err);
    expect((panic as { cause?: { severity?: string } }).cause?.severity).toBe('PANIC');
    expect(database.stopped!()).toMatchObject({ diskFull: true });

    for (const call of [
      () => login(),
      () => app.inject({ method: 'GET', url: '/api/usuario/getUserCurrent', headers: { authorization: `Bearer ${token}` } }),
      () => app.inject({ method: 'GET', url: '/api/cpfSuspeito/getAllPaginate', headers: { authorization: `Bearer ${token}` } }),
    ]) {
      const { result, ms } = await timed(call);
      expect(result.statusCode, result.body).toBe(503);
      expect(result.json().msg).toBe('O banco de dados parou por falta de espaço em disco no servidor. Libere espaço em DATA_DIR e reinicie o servidor.');
      expect(ms).toBeLessThan(2_000);
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', msg: expect.stringContaining('reinicie o servidor') });
    // space freed: the stopped backend still needs the restart it asks for
    fs.rmSync(path.join(mnt, 'filler-full'));
    expect((await login()).statusCode).toBe(503);
  });

  it('a start on a full disk says so in one sentence and exits 1', async () => {
    fill(mnt, 'filler-start', 0);
    for (const dataDir of [path.join(mnt, 'novo'), path.join(mnt, 'data')]) {
      const port = await freePort();
      const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'warn', JOBS: 'off', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.on('error', reject);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve({ code, stderr });
        });
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([`Não foi possível iniciar: o disco de DATA_DIR (${dataDir}) está cheio: restam 0 MB livres e são necessários pelo menos 64 MB; libere espaço e inicie de novo.`]);
    }
    fs.rmSync(path.join(mnt, 'filler-start'));
  }, 120_000);
});
