import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

// What an operator sees when the server cannot start (decision 009): one Portuguese sentence on
// stderr saying what to do, exit code 1, no stack, no password. Each case spawns the server (the
// TypeScript source through tsx: no build needed) with the environment that breaks it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PREFIX = 'Não foi possível iniciar:';

type Run = { code: number | null; stderr: string; stdout: string };

/** `uid`/`gid`: run the server as another user (root ignores permission bits, so the test drops to nobody). */
function startServer(env: Record<string, string>, as: { uid: number; gid: number } | null = null): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      ...(as ?? {}),
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'warn', JOBS: 'off', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // a server that starts instead of failing is killed, and the test fails on its exit code
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

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

/** Exit code 1 and exactly one line on stderr, which is returned. */
function oneLine(run: Run): string {
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).not.toMatch(/\bat \S+:\d+|Error:|\{$/);
  return lines[0];
}

const isRoot = process.getuid?.() === 0;

/** Whether another user (nobody) can reach and read the checkout: every folder above it searchable. */
function othersCanRun(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if ((fs.statSync(d).mode & 0o001) === 0) return false;
    if (path.dirname(d) === d) return (fs.statSync(dir).mode & 0o004) !== 0;
  }
}

const temp: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-startup-'));
  temp.push(dir);
  return dir;
}
let port: number;
// a port nobody listens on, picked anew for each case (every start checks its port first)
beforeEach(async () => {
  port = await freePort();
});
afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

describe('start-up errors', () => {
  it('a variable whose value does not fit: named, with the value, before anything is opened', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const line = oneLine(await startServer({ PORT: 'abc', DATA_DIR: dataDir }));
    expect(line).toBe(`${PREFIX} a variável PORT deve ser um número inteiro entre 1 e 65535 (recebido: abc).`);
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 90_000);

  it('port in use', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const busy = (taken.address() as net.AddressInfo).port;
    const dataDir = path.join(tempDir(), 'data');
    try {
      const line = oneLine(await startServer({ PORT: String(busy), DATA_DIR: dataDir }));
      expect(line).toBe(
        `${PREFIX} a porta ${busy} já está em uso; defina PORT com outra porta (por exemplo PORT=${busy + 1} npm start) ou encerre o programa que a usa.`,
      );
      // found before anything slow: no database was created
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 90_000);

  it('PostgreSQL unreachable: host and database named, the password never', async () => {
    const closed = await freePort();
    const line = oneLine(
      await startServer({ PORT: String(port), DATABASE_URL: `postgres://boleto:s3nh4-secreta@127.0.0.1:${closed}/boleto_prod`, DATA_DIR: tempDir() }),
    );
    expect(line).toBe(
      `${PREFIX} o PostgreSQL em 127.0.0.1:${closed} (banco "boleto_prod") não responde; verifique se o servidor está no ar e se DATABASE_URL aponta para ele.`,
    );
    expect(line).not.toContain('s3nh4');
  }, 90_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL database missing', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `bg_missing_${process.pid}_${Date.now()}`;
    url.pathname = `/${name}`;
    url.password = 'nao-mostrar';
    const line = oneLine(await startServer({ PORT: String(port), DATABASE_URL: url.toString(), DATA_DIR: tempDir() }));
    expect(line).toBe(
      `${PREFIX} o banco de dados "${name}" não existe no PostgreSQL em ${url.hostname}:${url.port || '5432'}; crie-o (createdb ${name}) ou corrija DATABASE_URL.`,
    );
    expect(line).not.toContain('nao-mostrar');
  }, 90_000);

  it('DATABASE_URL that is not a URL', async () => {
    const line = oneLine(await startServer({ PORT: String(port), DATABASE_URL: 'boleto@localhost', DATA_DIR: tempDir() }));
    expect(line).toBe(`${PREFIX} DATABASE_URL não é um endereço válido; use postgres://usuario:senha@servidor:5432/banco.`);
  }, 90_000);

  it('DATA_DIR not writable', async () => {
    // below a regular file: no folder can be made there, whoever runs the test (root included)
    const file = path.join(tempDir(), 'um-arquivo');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    const line = oneLine(await startServer({ PORT: String(port), DATA_DIR: dataDir }));
    expect(line).toBe(`${PREFIX} não é possível gravar em DATA_DIR (${dataDir}); defina DATA_DIR com uma pasta em que este usuário possa escrever.`);
  }, 90_000);

  it.skipIf(isRoot && !othersCanRun(root))('DATA_DIR without write permission', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o555);
    // root may write into a 0555 folder: as root, the server runs as nobody (65534) for this case
    const asNobody = isRoot ? { uid: 65534, gid: 65534 } : null;
    try {
      const line = oneLine(await startServer({ PORT: String(port), DATA_DIR: dataDir }, asNobody));
      expect(line).toBe(`${PREFIX} não é possível gravar em DATA_DIR (${dataDir}); defina DATA_DIR com uma pasta em que este usuário possa escrever.`);
    } finally {
      fs.chmodSync(dataDir, 0o755);
    }
  }, 90_000);

  it('DATA_DIR in use by another running server, refused before PGlite opens a file', async () => {
    const dataDir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dataDir, 'server.lock'), `${other.pid}\n`);
      const line = oneLine(await startServer({ PORT: String(port), DATA_DIR: dataDir }));
      expect(line).toBe(`${PREFIX} DATA_DIR (${dataDir}) já está em uso por outro servidor em execução (pid ${other.pid}); encerre-o ou defina outro DATA_DIR.`);
      expect(fs.readdirSync(dataDir)).toEqual(['server.lock']);
    } finally {
      other.kill('SIGKILL');
    }
  }, 90_000);
});
