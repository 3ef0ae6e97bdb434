import type { Database, Tx } from '../db/client.js';

/** What pg-boss runs its SQL on (its `db` option). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss on the app's own connection (the pg pool, or PGlite's single session), behind a gate: after
 * close() new statements are never sent, and drain() waits for those under way, so the database can be
 * closed right after the queue stops without a poll landing on a closed connection. A statement asked
 * for after close stays pending rather than failing: pg-boss does not await some of its calls
 * (complete/fail after a handler), and a rejection there would be an unhandled one.
 */
export function gatedExecutor(database: Database) {
  let open = true;
  const inFlight = new Set<Promise<unknown>>();
  const executor: SqlExecutor = {
    executeSql(text, values) {
      if (!open) return new Promise(() => undefined);
      const p = database.executeSql(text, values);
      inFlight.add(p);
      const forget = () => inFlight.delete(p);
      p.then(forget, forget);
      return p;
    },
  };
  return {
    executor,
    close() {
      open = false;
    },
    /** Waits for the statements under way, at most timeoutMs (a hung connection must not hang close). */
    async drain(timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size && Date.now() < deadline) {
        const timer = new Promise((resolve) => setTimeout(resolve, Math.max(1, deadline - Date.now())).unref());
        await Promise.race([Promise.allSettled([...inFlight]), timer]);
      }
    },
  };
}

type DriverClient = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The caller's transaction as a pg-boss executor, so `send` inserts the queue row in that transaction.
 * Drizzle 0.45 keeps the driver's connection at `tx.session.client` on both drivers (a pg PoolClient,
 * or PGlite's Transaction); both answer query(text, values). The jobs tests cover both drivers.
 */
export function transactionExecutor(tx: Tx): SqlExecutor {
  // eslint-disable-next-line no-restricted-syntax -- Drizzle's internal session is not in its public types
  const client = (tx as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('transação sem cliente do driver (mudou a estrutura interna do drizzle-orm?)');
  }
  return { executeSql: async (text, values) => ({ rows: (await client.query(text, values ?? [])).rows }) };
}
