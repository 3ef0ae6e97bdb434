import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

/**
 * Applies the committed SQL files of migrations/ in name order, each once, each in its own
 * transaction (docs/decisions/003-own-sql-migrator.md). The same files run on PGlite and on the
 * PostgreSQL server. An advisory lock keeps two starting servers from migrating at once.
 */
export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function listMigrations(dir = migrationsDir): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  return database.session(async (query) => {
    const locking = database.kind === 'postgres';
    if (locking) await query('SELECT pg_advisory_lock(727001)');
    const applied: string[] = [];
    try {
      await query(`CREATE TABLE IF NOT EXISTS schema_migration (
        name varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await query('SELECT name FROM schema_migration')).map((r) => String(r.name)));
      for (const m of listMigrations(dir)) {
        if (done.has(m.name)) continue;
        const name = m.name.replace(/'/g, "''");
        try {
          await query(`BEGIN;\n${m.sql}\n;\nINSERT INTO schema_migration (name) VALUES ('${name}');\nCOMMIT;`);
        } catch (err) {
          await query('ROLLBACK').catch(() => undefined);
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
        }
        applied.push(m.name);
      }
    } finally {
      if (locking) await query('SELECT pg_advisory_unlock(727001)');
    }
    return applied;
  });
}
