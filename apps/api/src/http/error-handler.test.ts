import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseStopped } from '../shared/database-stopped.js';
import { registerErrorHandler } from './error-handler.js';

/** Disk errors as the error handler answers them (decision 107), whatever wraps them. */
describe('error handler: no space left', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into …'), { cause });
  const routes: Record<string, () => unknown> = {
    // PostgreSQL's disk_full, from PGlite or a PostgreSQL server, inside Drizzle's DrizzleQueryError
    pg: () => wrapped(Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), { code: '53100', severity: 'ERROR' })),
    // a file write (an upload to STORAGE_DIR) on a full disk
    fs: () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 }),
    stopped: () => wrapped(new DatabaseStopped(Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'), { code: '53100', severity: 'PANIC' }))),
  };
  for (const [name, make] of Object.entries(routes)) app.get(`/${name}`, async () => Promise.reject(make()));

  it('53100 (disk_full) and ENOSPC answer 507 with a sentence about disk space, never a generic 500', async () => {
    for (const name of ['pg', 'fs']) {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ status: 507, msg: 'Sem espaço em disco no servidor: nada foi gravado. Avise o administrador do sistema para liberar espaço.' });
    }
  });

  it('a stopped PGlite answers 503 saying a restart is needed', async () => {
    const res = await app.inject({ method: 'GET', url: '/stopped' });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('O banco de dados parou por falta de espaço em disco no servidor. Libere espaço em DATA_DIR e reinicie o servidor.');
  });
});
