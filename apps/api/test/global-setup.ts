import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

/**
 * With TEST_DATABASE_URL (CI: the local PostgreSQL 15), one fresh database is created and migrated
 * for this run and dropped at the end; test files share it and create their own data. Without it,
 * each test file migrates its own in-memory PGlite (see test/harness.ts).
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('testDatabaseUrl', '');
    return;
  }
  const name = `bg_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await migrate(database);
  await database.close();
  project.provide('testDatabaseUrl', url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}
