import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { completeCpf } from '@bg/domain';
import { cpfSuspeito } from '../../src/db/schema/index.js';
import { COUNT_CAP, MAX_OFFSET, pagedSelect, pagedTotal, textSearch } from '../../src/shared/paged-select.js';
import { createTestApp, type TestApp } from '../harness.js';
import { loggedDb } from '../query-log.js';

/**
 * Lists above COUNT_CAP rows (docs/decisions/080): the count stops at the cap, the total is the
 * planner's estimate until a page reaches the end, pages stop at MAX_OFFSET. A small cap stands in
 * for the real one (1 000) so the test stays small.
 */
let t: TestApp;
const marker = `capped-${randomInt(1e9)}`;
const ROWS = 30;
const CAP = 10;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(cpfSuspeito).values(
    Array.from({ length: ROWS }, (_, i) => ({ cpf_cnpj: completeCpf(String(randomInt(100_000_000, 999_999_999))), motivo: `${marker} #${String(i + 1).padStart(2, '0')}` })),
  );
});
afterAll(async () => t?.close());

function list(page: number, per_page: number, count?: 'exact') {
  const { db, queries } = loggedDb(t.database);
  const query = db.select({ motivo: cpfSuspeito.motivo }).from(cpfSuspeito).where(textSearch(marker, { text: [cpfSuspeito.motivo] })).$dynamic();
  return pagedSelect(db, query, { page, per_page, orderBy: [asc(cpfSuspeito.id)], countCap: CAP, count }, (r) => r.motivo).then((r) => ({ ...r, queries: queries.length }));
}

describe('pagedSelect above the count cap', () => {
  it('reads at most cap + 1 rows to count, then takes the estimate (never below cap + 1) for the total', async () => {
    const first = await list(1, 5);
    expect(first.total).toBeGreaterThan(CAP);
    expect(first.data).toEqual([1, 2, 3, 4, 5].map((n) => `${marker} #0${n}`));
    expect(first.total).toBeGreaterThan(CAP);
    expect(first.last_page).toBe(Math.ceil(Math.min(first.total, MAX_OFFSET) / 5));
    // count (limit cap + 1) and the page together, then the planner's estimate (the page was full)
    expect(first.queries).toBe(3);
  });

  it('knows the exact total once a page reaches the end', async () => {
    const short = await list(5, 7);
    expect(short).toMatchObject({ data: [`${marker} #29`, `${marker} #30`], total: ROWS, last_page: 5, from: 29, to: 30 });
    const beyond = await list(9, 5);
    // an empty page within the depth limit counts what is really there (at most offset rows)
    // count, page, then a count up to the offset; no estimate when the page tells the end
    expect(beyond).toMatchObject({ data: [], total: ROWS, last_page: 6, queries: 3 });
    expect(short.queries).toBe(2);
  });

  it("count: 'exact' counts every row and keeps the exact shape", async () => {
    expect(await list(2, 10, 'exact')).toMatchObject({ total: ROWS, last_page: 3, from: 11, to: 20, queries: 2 });
  });

  it('countFrom: the total comes from the cheaper select, the page from the list', async () => {
    const { db, queries } = loggedDb(t.database);
    const query = db.select({ motivo: cpfSuspeito.motivo }).from(cpfSuspeito).where(textSearch(marker, { text: [cpfSuspeito.motivo] })).$dynamic();
    // a stand-in with fewer rows proves which one was counted
    const countFrom = db.select({ id: cpfSuspeito.id }).from(cpfSuspeito).where(textSearch(`${marker} #0`, { text: [cpfSuspeito.motivo] })).$dynamic();
    const page = await pagedSelect(db, query, { page: 1, per_page: 4, orderBy: [asc(cpfSuspeito.id)], count: 'exact', countFrom }, (r) => r.motivo);
    expect(page).toMatchObject({ total: 9, last_page: 3, data: [1, 2, 3, 4].map((n) => `${marker} #0${n}`) });
    expect(queries[0]).toMatch(/^select count\(\*\)::int from \(select "id" from "cpf_suspeito"/);
    expect(queries).toHaveLength(2);
  });

  it("count: 'window' takes the exact total from the page query itself: one query, a count only past the end", async () => {
    const windowed = async (page: number, per_page: number) => {
      const { db, queries } = loggedDb(t.database);
      const query = db
        .select({ motivo: cpfSuspeito.motivo, paged_total: pagedTotal })
        .from(cpfSuspeito)
        .where(textSearch(marker, { text: [cpfSuspeito.motivo] }))
        .$dynamic();
      const r = await pagedSelect(db, query, { page, per_page, orderBy: [asc(cpfSuspeito.id)], countCap: CAP, count: 'window' }, (row) => row.motivo);
      return { ...r, queries: queries.length };
    };
    expect(await windowed(2, 10)).toMatchObject({ data: Array.from({ length: 10 }, (_, i) => `${marker} #${i + 11}`), total: ROWS, last_page: 3, from: 11, to: 20, queries: 1 });
    expect(await windowed(4, 10)).toMatchObject({ data: [], total: ROWS, last_page: 3, from: null, queries: 2 });
  });

  it('the real cap and depth', () => {
    expect(COUNT_CAP).toBe(1_000);
    expect(MAX_OFFSET).toBe(10_000);
  });
});
