import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/db/client.js';
import { pgliteOptions } from '../../src/db/pglite-options.js';
import * as schema from '../../src/db/schema/index.js';

/**
 * Direct access to the bench database, outside the API: a use-case run through `db` records the
 * statements it sends (Drizzle's logger), and `replay` sends exactly those statements again, in
 * order, through the bare driver — the SQL cost of the call without HTTP, auth, zod or JSON.
 */
export type Statement = { text: string; params: unknown[] };

export type SqlSession = {
  kind: 'postgres' | 'pglite';
  db: Db;
  capture(fn: (db: Db) => Promise<unknown>): Promise<Statement[]>;
  replay(statements: Statement[]): Promise<void>;
  /** EXPLAIN (ANALYZE, BUFFERS) of one statement, as text. */
  explain(statement: Statement): Promise<string>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
};

export async function openSqlSession(target: { databaseUrl: string | null; dataDir: string }): Promise<SqlSession> {
  let sink: Statement[] | null = null;
  const logger = { logQuery: (text: string, params: unknown[]) => sink?.push({ text, params }) };
  const capture = async (db: Db, fn: (db: Db) => Promise<unknown>) => {
    sink = [];
    try {
      await fn(db);
      return sink;
    } finally {
      sink = null;
    }
  };
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl, options: '-c timezone=America/Sao_Paulo' });
    await client.connect();
    const db: Db = drizzlePg(client, { schema, logger });
    return {
      kind: 'postgres',
      db,
      capture: (fn) => capture(db, fn),
      replay: async (statements) => {
        for (const s of statements) await client.query({ text: s.text, values: s.params as unknown[], rowMode: 'array' });
      },
      explain: async (s) => (await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, values: s.params as unknown[] })).rows.map((r) => r['QUERY PLAN']).join('\n'),
      rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
      close: () => client.end(),
    };
  }
  const client = await PGlite.create(pgliteOptions(target.dataDir));
  await client.exec("SET TIME ZONE 'America/Sao_Paulo'");
  const db: Db = drizzlePglite(client, { schema, logger });
  return {
    kind: 'pglite',
    db,
    capture: (fn) => capture(db, fn),
    replay: async (statements) => {
      for (const s of statements) await client.query(s.text, s.params as unknown[], { rowMode: 'array' });
    },
    explain: async (s) => (await client.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.params as unknown[])).rows.map((r) => r['QUERY PLAN']).join('\n'),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: () => client.close(),
  };
}
