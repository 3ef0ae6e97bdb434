import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { pgliteOptions } from './pglite-options.js';
import { DatabaseStopped } from '../shared/database-stopped.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Use-cases accept either: they open their own transaction or join the caller's. */
export type DbOrTx = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn on one dedicated session (migrations need one connection for locks and scripts). */
  session<T>(fn: (query: (script: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /** Raw SQL for the job queue (pg-boss's `db.executeSql`): values bound when given. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball (`openPglite(null, { loadDataDir })` opens a copy). */
  dump?: () => Promise<Blob | File>;
  /** PGlite on disk: the folder it writes (the free space of its disk is watched, decision 107). */
  dataDir?: string | null;
  /** PGlite only: why its backend stopped (a PANIC, e.g. the disk full), or null while it runs. */
  stopped?: () => DatabaseStopped | null;
};

// numeric → string and date → 'YYYY-MM-DD' on both drivers, so code never sees a float or a shifted date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export async function openPostgres(url: string): Promise<Database> {
  // Every session speaks São Paulo time, so now()::date is the business date.
  // a server that never answers fails the start in 10 s instead of hanging it
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000, options: '-c timezone=America/Sao_Paulo' });
  // An idle connection closed by the server (a restart, pg_terminate_backend) is dropped from the
  // pool and replaced on the next query; without a listener it would crash the process.
  pool.on('error', (err) => process.stderr.write(`PostgreSQL fechou uma conexão ociosa (${err.message}); ela será refeita.\n`));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }),
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(async (script) => {
          const res = (await client.query(script)) as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(res) ? res[res.length - 1] : res;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        client.release();
      }
    },
    executeSql: async (text, values) => {
      const res = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(res) ? res[res.length - 1] : res;
      return { rows: last?.rows ?? [] };
    },
    close: () => pool.end(),
  };
}

/**
 * `loadDataDir`: start from a dump of another PGlite (`dumpDataDir`) instead of an empty cluster —
 * the test suite clones one migrated database this way (about 0.4 s against 2.5 s for initdb).
 */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initDataDirApart(dataDir);
  }
  const client = await PGlite.create({ ...pgliteOptions(dataDir), ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  const stopped = stopOnPanic(client);
  await client.exec("SET TIME ZONE 'America/Sao_Paulo'");
  return {
    kind: 'pglite',
    dataDir,
    stopped,
    db: drizzlePglite(client, { schema }),
    session: (fn) =>
      fn(async (script) => {
        const res = await client.exec(script);
        return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[];
      }),
    // PGlite's exec runs a script of several statements (pg-boss's own migrations); query binds values.
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const res = await client.exec(text);
      return { rows: res[res.length - 1]?.rows ?? [] };
    },
    // a stopped backend would block the process: its memory goes with the process instead
    close: () => (stopped() ? Promise.resolve() : client.close()),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * Every statement reaches PGlite's backend through execProtocol or execProtocolStream (query, exec,
 * transactions, listen, close). After one answers a PANIC or FATAL error the backend is gone and the
 * next call would block this process forever (shared/database-stopped.ts): from then on each call
 * fails at once with DatabaseStopped, without touching it.
 */
function stopOnPanic(client: PGlite): () => DatabaseStopped | null {
  let stopped: DatabaseStopped | null = null;
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    if (stopped) throw stopped;
    try {
      return await call();
    } catch (err) {
      const severity = (err as { severity?: unknown } | null)?.severity;
      if (severity === 'PANIC' || severity === 'FATAL') stopped = new DatabaseStopped(err);
      throw err;
    }
  };
  const execProtocol = client.execProtocol.bind(client);
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocol = (...args) => guard(() => execProtocol(...args));
  client.execProtocolStream = (...args) => guard(() => execProtocolStream(...args));
  return () => stopped;
}

/**
 * Creates a new PGlite data directory in a short-lived child process (pglite-initdb.ts, or its
 * built .js beside main.js), so initdb's memory leaves with it. The files are made in a scratch
 * folder and moved in at the end (PG_VERSION last): an interrupted first start leaves no half
 * database behind. Without the script (a test runner) PGlite.create initialises in this process.
 */
async function initDataDirApart(dataDir: string): Promise<void> {
  const script = ['pglite-initdb.js', 'pglite-initdb.ts']
    .map((name) => fileURLToPath(new URL(name, import.meta.url)))
    .find((file) => fs.existsSync(file));
  // the .ts source runs only under tsx (npm run dev); elsewhere (e.g. a test runner) init in-process
  if (!script || (script.endsWith('.ts') && !process.execArgv.some((arg) => arg.includes('tsx')))) return;
  const scratch = path.join(dataDir, '.initdb');
  fs.rmSync(scratch, { recursive: true, force: true });
  // same loader flags (tsx in development), but never a second debugger on the same port
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--inspect'));
  const child = spawn(process.execPath, [...execArgv, script, scratch], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // stopped during its first start: the half-made scratch folder is cleared by the next start
  const stopChild = () => child.kill('SIGKILL');
  process.once('exit', stopChild);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  }).finally(() => process.off('exit', stopChild));
  if (code !== 0) throw new Error(`PGlite initdb failed in ${dataDir}: ${stderr.trim().split('\n').pop() ?? code}`);
  const entries = fs.readdirSync(scratch).sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
  for (const entry of entries) {
    // a leftover of an older interrupted start (no PG_VERSION, so never a live database)
    fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    fs.renameSync(path.join(scratch, entry), path.join(dataDir, entry));
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string | null }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
