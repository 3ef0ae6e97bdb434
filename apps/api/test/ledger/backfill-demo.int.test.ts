import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../src/seed/index.js';
import { openTestDatabase, type TestDatabase } from '../test-database.js';
import { tempStorage } from '../temp-storage.js';
import { sql } from 'drizzle-orm';
import { balancesByMonth, emptyLedger, ledgerFailures, ledgerSnapshot, rowsOf, runBackfill } from './backfill-support.js';

/**
 * The demo seed posts its money through the use-cases (and so the ledger). The backfill migration
 * (0133) must rebuild that same ledger from the history alone: with the ledger emptied, running it
 * gives back every transaction under the same key with the same content hash (kind, date, lines),
 * and the same monthly balances.
 */
describe('demo seed and the ledger backfill', () => {
  let t: TestDatabase;
  const files = tempStorage('bg-backfill-demo-');

  beforeAll(async () => {
    t = await openTestDatabase();
    await seedIfEmpty(t.database.db, 'demo', null, files.storage);
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
    files.remove();
  });

  it('the seeded demo database passes every invariant of the ledger', async () => {
    expect(await ledgerFailures(t.database)).toEqual([]);
  });

  it('the backfill rebuilds exactly what the live code posted for the demo, and posts nothing more when run again', async () => {
    const live = await ledgerSnapshot(t.database);
    const liveBalances = await balancesByMonth(t.database);
    expect(live.size).toBeGreaterThan(10);
    // the kinds the demo's history holds, so the comparison covers each rule of the backfill
    const kinds = new Set([...live.values()].map((v) => v.split(' ')[0]));
    for (const k of ['antecipacao', 'consulta', 'liquidacao', 'honra', 'recebido_loja', 'acordo_pagamento']) expect(kinds).toContain(k);

    // the migration drops the two tables' secondary indexes while it inserts and builds them again
    const indexes = async () => rowsOf<{ indexdef: string }>(t.database, sql`select indexdef from pg_indexes where tablename in ('ledger_transaction', 'ledger_entry') order by indexname`);
    const indexesBefore = await indexes();
    expect(indexesBefore.length).toBeGreaterThan(5);
    await emptyLedger(t.database);
    expect((await ledgerSnapshot(t.database)).size).toBe(0);
    await runBackfill(t.database);
    const rebuilt = await ledgerSnapshot(t.database);
    expect(Object.fromEntries(rebuilt)).toEqual(Object.fromEntries(live));
    expect(Object.fromEntries(await balancesByMonth(t.database))).toEqual(Object.fromEntries(liveBalances));
    expect(await ledgerFailures(t.database)).toEqual([]);
    expect(await indexes()).toEqual(indexesBefore);

    await runBackfill(t.database);
    expect((await ledgerSnapshot(t.database)).size).toBe(live.size);
  }, 120_000);
});
