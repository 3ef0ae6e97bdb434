import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { databaseUrlFor, testDatabaseName } from './test-database-names.js';

/**
 * A fresh, migrated database for one test app, cloned from the run's template (test/global-setup.ts
 * migrates it once, pg-boss's schema included): `CREATE DATABASE … TEMPLATE` on PostgreSQL
 * (TEST_DATABASE_URL), a PGlite loaded from the template's dump otherwise. Cloning costs about
 * 0.3 s where initdb + 100 migrations cost 2.5–3 s, and every app gets a database of its own, so no
 * test depends on another file's data (docs/decisions/103-fast-test-suite.md).
 */
export type TestDatabase = {
  database: Database;
  /** The clone's URL on PostgreSQL (to open a second connection or a second process on it), else null. */
  url: string | null;
  /** Closes the database (if still open) and removes the clone. */
  drop(): Promise<void>;
};

let pgliteDump: Buffer | null = null;

export async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  if (template.kind === 'pglite') {
    // read once per worker: the workers run many files each (isolate: false)
    pgliteDump ??= fs.readFileSync(template.dumpPath);
    const database = await openPglite(null, { loadDataDir: new Blob([new Uint8Array(pgliteDump)]) });
    let closed = false;
    const close = database.close;
    database.close = async () => {
      if (closed) return;
      closed = true;
      await close();
    };
    return { database, url: null, drop: () => database.close() };
  }
  const name = testDatabaseName(template.runId);
  await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  const url = databaseUrlFor(template.serverUrl, name);
  const database = await openPostgres(url);
  let closed = false;
  const close = database.close;
  database.close = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      // the pool has ended; FORCE only ends backends a test left open on its own (a second pool)
      await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type TestDatabaseTemplate =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; serverUrl: string; templateName: string; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}
