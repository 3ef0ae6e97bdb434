import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import type { TestDatabaseTemplate } from './test-database.js';
import { databaseUrlFor, isStaleTestDatabase, newRunId, runDatabasePattern, sharedDatabaseName, templateDatabaseName } from './test-database-names.js';

/**
 * Migrates ONE template database for the whole run; every test app clones it (test/test-database.ts).
 * With TEST_DATABASE_URL (CI: the local PostgreSQL 15) the template is a database of that server,
 * plus one shared migrated database (`testDatabaseUrl`) for the few tests that open it directly; all
 * of the run's databases are dropped at the end, and those of runs that crashed hours ago at the
 * start. Without it, the template is an in-memory PGlite dumped to a temporary file.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return setupPglite(project);

  const runId = newRunId();
  await withAdmin(base, async (admin) => {
    await dropStaleDatabases(admin);
    await admin.query(`CREATE DATABASE ${templateDatabaseName(runId)}`);
  });
  const templateUrl = databaseUrlFor(base, templateDatabaseName(runId));
  const database = await openPostgres(templateUrl);
  try {
    await prepareTemplate(database);
  } finally {
    await database.close();
  }
  await withAdmin(base, (admin) => admin.query(`CREATE DATABASE ${sharedDatabaseName(runId)} TEMPLATE ${templateDatabaseName(runId)}`));
  project.provide('testDatabaseUrl', databaseUrlFor(base, sharedDatabaseName(runId)));
  project.provide('testDatabaseTemplate', { kind: 'postgres', serverUrl: base, templateName: templateDatabaseName(runId), runId } satisfies TestDatabaseTemplate);

  return async () => {
    await withAdmin(base, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [runDatabasePattern(runId)]);
      // clones first: a template cannot be dropped while a clone is being made from it
      rows.sort((a, b) => Number(a.datname.endsWith('_template')) - Number(b.datname.endsWith('_template')));
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  };
}

async function setupPglite(project: TestProject) {
  const database = await openPglite(null);
  let dumpPath: string;
  try {
    await prepareTemplate(database);
    const dump = await database.dump!();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-test-template-'));
    dumpPath = path.join(dir, 'template.tar');
    fs.writeFileSync(dumpPath, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('testDatabaseUrl', '');
  project.provide('testDatabaseTemplate', { kind: 'pglite', dumpPath } satisfies TestDatabaseTemplate);
  return () => fs.rmSync(path.dirname(dumpPath), { recursive: true, force: true });
}

/** Our migrations, then pg-boss's own schema (each app would otherwise install it on start). */
async function prepareTemplate(database: Database): Promise<void> {
  await migrate(database);
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, schema: 'pgboss', migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

async function dropStaleDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'bgt\\_%'");
  for (const { datname } of rows.filter((r) => isStaleTestDatabase(r.datname))) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
}

async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}
