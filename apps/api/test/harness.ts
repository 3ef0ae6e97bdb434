import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { createEmpresa, createUsuario, type UsuarioOverrides } from '../src/factories/foundation.js';
import type { JobsBuildOptions } from '../src/jobs/index.js';
import { openTestDatabase } from './test-database.js';

/**
 * One app per test file (or per test, where a test needs a clean slate), each on a database of its
 * own cloned from the run's migrated template (test/test-database.ts): PostgreSQL with
 * TEST_DATABASE_URL, PGlite otherwise. No file sees another file's data.
 */
export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The app's own PostgreSQL database (TEST_DATABASE_URL runs), for a second connection; null on PGlite. */
  databaseUrl: string | null;
  config: Config;
  close(): Promise<void>;
  login(username: string, password: string): Promise<string>;
  /** Creates a user (and an empresa for nivel 1/3 unless given) and answers its bearer token. */
  userWithToken(overrides?: UsuarioOverrides): Promise<{ token: string; user: Awaited<ReturnType<typeof createUsuario>> }>;
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
};

export type TestAppOptions = {
  /** Job queue overrides; JOBS on/off is `configOverrides.jobs` (default on). */
  jobs?: JobsBuildOptions;
};

export async function createTestApp(configOverrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { database, url: databaseUrl, drop } = await openTestDatabase();
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-files-'));
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', storageDir, ...configOverrides };
  const jobs: JobsBuildOptions = { pollingIntervalSeconds: 0.5, ...options.jobs };
  const app = await buildApp({ database, config, logger: false, loginDelayBaseMs: 0, jobs });
  await app.ready();

  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const login = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${username}: ${res.body}`);
    return res.json().access_token as string;
  };

  return {
    app,
    database,
    databaseUrl,
    config,
    call,
    login,
    async userWithToken(overrides = {}) {
      const nivel = overrides.nivel ?? '1';
      const empresaId = 'empresa_id' in overrides ? overrides.empresa_id : nivel === '2' ? null : (await createEmpresa(database.db)).id;
      const user = await createUsuario(database.db, { ...overrides, nivel, empresa_id: empresaId });
      return { token: await login(user.login, user.password), user };
    },
    async close() {
      await app.close();
      await drop();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** The refresh cookie value from a response's Set-Cookie. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'bg_refresh')?.value;
}
