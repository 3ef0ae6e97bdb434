import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money moves only through the ledger's posting module (HOUSE-STYLE habit 12, decision 109): no
 * file of the API outside modules/ledger/ inserts, updates or deletes ledger rows — neither through
 * Drizzle's table objects nor in SQL text. (Migrations are the schema's; the backfill is a SQL
 * function they define.) Reading balances elsewhere goes through modules/ledger/saldos.ts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, '../../..');
const ledgerDir = here;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'migrations' || entry.name === 'dist') continue;
      out.push(...sources(full));
    } else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(ledgerAccount|ledgerTransaction|ledgerEntry|ledgerBalanceMonth|ledgerBalanceMonthLojas|ledgerVerificacao)\b/;
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(ledger_account|ledger_transaction|ledger_entry|ledger_balance_month(_lojas)?)\b/i;

describe('the ledger has one writer', () => {
  it('nothing outside modules/ledger writes ledger rows', () => {
    const offenders = [...sources(path.join(apiRoot, 'src')), ...sources(path.join(apiRoot, 'bench'))]
      .filter((f) => !f.startsWith(ledgerDir + path.sep))
      .filter((f) => {
        const text = fs.readFileSync(f, 'utf8');
        return DRIZZLE_WRITE.test(text) || SQL_WRITE.test(text);
      })
      .map((f) => path.relative(apiRoot, f));
    expect(offenders).toEqual([]);
  });

  it('the check itself finds a writer', () => {
    expect(DRIZZLE_WRITE.test('await tx.insert(ledgerEntry).values(rows)')).toBe(true);
    expect(SQL_WRITE.test('sql`INSERT INTO ledger_transaction (id) values (1)`')).toBe(true);
    expect(SQL_WRITE.test('sql`select * from ledger_entry`')).toBe(false);
  });
});
