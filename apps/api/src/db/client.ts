import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';

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
  close(): Promise<void>;
};

// numeric → string and date → 'YYYY-MM-DD' on both drivers, so code never sees a float or a shifted date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export async function openPostgres(url: string): Promise<Database> {
  // Every session speaks São Paulo time, so now()::date is the business date.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c timezone=America/Sao_Paulo' });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(async (script) => {
          const res = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(res) ? res[res.length - 1] : res;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  await client.exec("SET TIME ZONE 'America/Sao_Paulo'");
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    session: (fn) =>
      fn(async (script) => {
        const res = await client.exec(script);
        return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[];
      }),
    close: () => client.close(),
  };
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string | null }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
