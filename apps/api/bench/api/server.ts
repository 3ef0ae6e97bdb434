import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The built server (apps/api/dist/main.js, as `npm start` runs it) on a free port of 127.0.0.1,
 * on the configured database. Rebuilt first when dist is missing or older than a source file or migration.
 */
export function ensureBuilt(repoRoot: string): string {
  const dist = path.join(repoRoot, 'apps/api/dist');
  const main = path.join(dist, 'main.js');
  const src = path.join(repoRoot, 'apps/api/src/db/migrations');
  const built = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  const newer = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
      const file = path.join(dir, e.name);
      return e.isDirectory() ? newer(file) : /\.(ts|sql)$/.test(e.name) && !e.name.endsWith('.test.ts') && fs.statSync(file).mtimeMs > built;
    });
  const stale =
    !built ||
    newer(path.join(repoRoot, 'apps/api/src')) ||
    newer(path.join(repoRoot, 'packages/domain/src')) ||
    fs.readdirSync(src).some((f) => !fs.existsSync(path.join(dist, 'migrations', f)) || fs.readFileSync(path.join(src, f), 'utf8') !== fs.readFileSync(path.join(dist, 'migrations', f), 'utf8'));
  if (stale) {
    process.stderr.write('bench:api: compilando a API (apps/api/dist)…\n');
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-api.mjs')], { stdio: 'inherit', cwd: repoRoot });
    if (r.status !== 0) throw new Error('a compilação da API falhou');
  }
  return main;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = { url: string; stop(): Promise<void> };

export async function startServer(main: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // no background jobs competing with the measurement; tokens that outlive the run
      JOBS: 'off',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ACCESS_TOKEN_TTL: '7200',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (${child.exitCode}): ${stderr.trim()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`o servidor não respondeu em 120 s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
