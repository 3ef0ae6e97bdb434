import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';

/**
 * A second Drizzle handle on the test app's own connection (pool or PGlite) that records the text
 * of every statement it sends, transactions included: for tests that count queries.
 */
export function loggedDb(database: Database): { db: Db; queries: string[] } {
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => void queries.push(query) };
  // eslint-disable-next-line no-restricted-syntax -- Drizzle keeps the driver's client at $client, which the shared Db type omits
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db = database.kind === 'postgres' ? drizzlePg(client as pg.Pool, { schema, logger }) : drizzlePglite(client as PGlite, { schema, logger });
  return { db, queries };
}
