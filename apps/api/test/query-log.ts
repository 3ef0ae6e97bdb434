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

/**
 * A second Drizzle handle on the test app's own connection that counts the statements in flight
 * at once (`inFlight.max`): for tests of what runs concurrently.
 */
export function concurrencyDb(database: Database): { db: Db; inFlight: { now: number; max: number } } {
  const inFlight = { now: 0, max: 0 };
  // eslint-disable-next-line no-restricted-syntax -- Drizzle keeps the driver's client at $client, which the shared Db type omits
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const counted = new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== 'query' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        inFlight.max = Math.max(inFlight.max, ++inFlight.now);
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          inFlight.now--;
        }
      };
    },
  });
  const db = database.kind === 'postgres' ? drizzlePg(counted as pg.Pool, { schema }) : drizzlePglite(counted as PGlite, { schema });
  return { db, inFlight };
}
