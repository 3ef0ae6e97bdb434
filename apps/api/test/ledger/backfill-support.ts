import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { migrationsDir } from '../../src/db/migrate.js';
import { checkLedger } from '../../src/modules/ledger/check-ledger.js';

/** The backfill migration's own text, run as the migrator runs it (one script, one transaction). */
export const BACKFILL_SQL = fs.readFileSync(path.join(migrationsDir, '0133_ledger_backfill.sql'), 'utf8');

export async function runBackfill(database: Database): Promise<void> {
  await database.session(async (query) => {
    try {
      await query(`BEGIN;\n${BACKFILL_SQL}\n;\nCOMMIT;`);
    } catch (err) {
      await query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}

/**
 * Empties the ledger, as a database that existed before it: the append-only triggers are lifted for
 * this statement only (a test's own database; nothing in the app can do this).
 */
export async function emptyLedger(database: Database): Promise<void> {
  await database.session((query) =>
    query(`BEGIN;
      ALTER TABLE ledger_entry DISABLE TRIGGER USER;
      ALTER TABLE ledger_transaction DISABLE TRIGGER USER;
      ALTER TABLE ledger_account DISABLE TRIGGER USER;
      TRUNCATE ledger_entry, ledger_balance_month, ledger_transaction, ledger_account, ledger_verificacao;
      ALTER TABLE ledger_entry ENABLE TRIGGER USER;
      ALTER TABLE ledger_transaction ENABLE TRIGGER USER;
      ALTER TABLE ledger_account ENABLE TRIGGER USER;
      COMMIT;`),
  );
}

export const rowsOf = async <T>(database: Database, q: ReturnType<typeof sql>): Promise<T[]> => ((await database.db.execute(q)) as { rows: T[] }).rows;

/** Every transaction by key with what identifies its content (the hash covers kind, date and lines). */
export async function ledgerSnapshot(database: Database): Promise<Map<string, string>> {
  const rows = await rowsOf<{ key: string; kind: string; occurred_on: string; content_hash: string; entry_count: number; total: string }>(
    database,
    sql`select idempotency_key as key, kind, occurred_on::text as occurred_on, content_hash, entry_count, total_cents::text as total from ledger_transaction`,
  );
  return new Map(rows.map((r) => [r.key, `${r.kind} ${r.occurred_on} ${r.entry_count} ${r.total} ${r.content_hash}`]));
}

/** Each account's balance by month, keyed by the account's key. */
export async function balancesByMonth(database: Database): Promise<Map<string, string>> {
  const rows = await rowsOf<{ key: string; month: string; d: string; c: string }>(
    database,
    sql`select a.key, m.month::text as month, m.debits_cents::text as d, m.credits_cents::text as c from ledger_balance_month m join ledger_account a on a.id = m.account_id`,
  );
  return new Map(rows.map((r) => [`${r.key} ${r.month}`, `${r.d}/${r.c}`]));
}

/** The nightly check's failures (empty when every invariant holds). */
export async function ledgerFailures(database: Database) {
  const r = await database.db.transaction((tx) => checkLedger(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  return r.falhas;
}

/** An account's balance on its normal side, in centavos (0 when it has no movement). */
export async function balanceOf(database: Database, key: string): Promise<number> {
  const [r] = await rowsOf<{ d: string | null; c: string | null; normal: string | null }>(
    database,
    sql`select sum(m.debits_cents)::text as d, sum(m.credits_cents)::text as c, max(a.normal_side) as normal
          from ledger_account a join ledger_balance_month m on m.account_id = a.id where a.key = ${key}`,
  );
  if (!r || r.normal === null) return 0;
  const d = Number(r.d ?? 0);
  const c = Number(r.c ?? 0);
  return r.normal === 'debit' ? d - c : c - d;
}
