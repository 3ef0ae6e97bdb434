import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createEmpresa, createUsuario, type UsuarioOverrides } from '../src/factories/foundation.js';
import type { JobsBuildOptions } from '../src/jobs/index.js';

/**
 * One app per test file, on the run's PostgreSQL database (TEST_DATABASE_URL) or on a fresh
 * in-memory PGlite. Factories make unique data, so files never step on each other; a file that
 * changes global state asks for `{ isolated: true }` (its own PGlite even when the run shares one).
 */
export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
  login(username: string, password: string): Promise<string>;
  /** Creates a user (and an empresa for nivel 1/3 unless given) and answers its bearer token. */
  userWithToken(overrides?: UsuarioOverrides): Promise<{ token: string; user: Awaited<ReturnType<typeof createUsuario>> }>;
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
};

export type TestAppOptions = {
  /**
   * A fresh in-memory PGlite for this app only, ignoring the run's shared TEST_DATABASE_URL: for
   * tests that change global state (e.g. the single active conta de cobrança) other files rely on.
   */
  isolated?: boolean;
  /** Job queue overrides; JOBS on/off is `configOverrides.jobs` (default on). */
  jobs?: JobsBuildOptions;
};

export async function createTestApp(configOverrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const url = options.isolated ? '' : inject('testDatabaseUrl');
  const database = url ? await openPostgres(url) : await openPglite(null);
  if (!url) await migrate(database);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-files-'));
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', storageDir, ...configOverrides };
  // On the run's shared database every app gets a pg-boss schema of its own, so no file ever runs
  // (or, closing, interrupts) another file's jobs; background_job rows are shared like any table.
  const jobs: JobsBuildOptions = {
    pollingIntervalSeconds: 0.5,
    ...(url ? { schema: `pgboss_t_${randomBytes(5).toString('hex')}` } : {}),
    ...options.jobs,
  };
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
      await database.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** The refresh cookie value from a response's Set-Cookie. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'bg_refresh')?.value;
}
