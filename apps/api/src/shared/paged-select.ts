import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { onlyDigits, type PagedResult } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { paged, pageWindow, type PageInput } from './paging.js';

/** A row of a dynamic select (`db.select(...).from(...)...$dynamic()`). */
export type RowOf<Q extends PgSelect> = Q['_']['result'][number];

/**
 * Lists count exactly up to COUNT_CAP rows; above it `total` is the planner's estimate (never
 * below COUNT_CAP + 1), and pages reach at most MAX_OFFSET rows deep: no list call reads more
 * than its page plus COUNT_CAP + 1 rows, whatever the table size (docs/decisions/080).
 */
export const COUNT_CAP = 1_000;
export const MAX_OFFSET = 10_000;

export type PagedSelectOptions = PageInput & {
  /** The list's order; end with a unique column so pages never overlap. */
  orderBy: (PgColumn | SQL | SQL.Aliased)[];
  /** Overrides COUNT_CAP (tests). */
  countCap?: number;
  /**
   * 'exact' counts every row: for a list whose query aggregates (GROUP BY) the database reads all
   * its input before the first row anyway, so a cap would save nothing and lose the exact total.
   * 'window' is 'exact' in one query: the list selects `pagedTotal` as `paged_total` and the page
   * carries the total, so the aggregate runs once instead of twice (a separate count only for a
   * page past the end).
   */
  count?: 'capped' | 'exact' | 'window';
  /**
   * A select with exactly the rows of `query` that is cheaper to count — typically the list without
   * a join that can never drop a row (a foreign key to a row that always exists). Counted instead
   * of `query`; the page itself still comes from `query`. Not used with 'window'.
   */
  countFrom?: PgSelect;
};

/** `count(*) over ()`: selected as `paged_total` by a list read with `count: 'window'`. */
export const pagedTotal = sql<number>`(count(*) over ())::int`;

/**
 * The list use-cases' one paged read (HOUSE-STYLE habit 4). `query` is the list's select with its
 * joins and filters (scope and search included) and no order or limit, made `$dynamic()`; this
 * counts its rows (`select count(*) from (query limit COUNT_CAP + 1) as paged_rows`) and reads the
 * page in `orderBy` order. per_page is clamped to 1..100 and page to ≥ 1; a page beyond the last
 * answers empty (with the total and last_page, so the client can go back) without running the page
 * query. Above COUNT_CAP rows the total is the planner's estimate, corrected to the exact figure
 * when a page reaches the end, and last_page stops at MAX_OFFSET rows. The helper takes the query
 * over: it adds order, limit and offset to it.
 */
export function pagedSelect<Q extends PgSelect>(db: DbOrTx, query: Q, options: PagedSelectOptions): Promise<PagedResult<RowOf<Q>>>;
export function pagedSelect<Q extends PgSelect, R>(db: DbOrTx, query: Q, options: PagedSelectOptions, present: (row: RowOf<Q>) => R): Promise<PagedResult<R>>;
export async function pagedSelect<Q extends PgSelect, R>(
  db: DbOrTx,
  query: Q,
  options: PagedSelectOptions,
  present: (row: RowOf<Q>) => R = (row) => row as R,
): Promise<PagedResult<R>> {
  const { page, perPage, offset } = pageWindow(options);
  if (options.count === 'window') {
    const listed = query.getSQL();
    const rows: RowOf<Q>[] = await query.orderBy(...options.orderBy).limit(perPage).offset(offset);
    const total = rows.length ? windowTotal(rows[0]) : offset === 0 ? 0 : await countUpTo(db, listed, null);
    return paged(rows.map((row) => present(row)), total, page, perPage);
  }
  const cap = options.count === 'exact' ? Number.MAX_SAFE_INTEGER : (options.countCap ?? COUNT_CAP);
  // the SQL is taken now, before the page query below adds order/limit/offset to the same builder
  const listed = (options.countFrom ?? query).getSQL();
  const count = () => countUpTo(db, listed, options.count === 'exact' ? null : cap + 1);
  const readPage = (): Promise<RowOf<Q>[]> => query.orderBy(...options.orderBy).limit(perPage).offset(offset);
  // The first page (nearly every call) is read together with the count on a second pooled
  // connection: the call waits for the slower of the two, not for both. Inside a transaction the
  // one connection runs them in turn; a later page waits for the count, which may show it is past the end.
  const together = offset === 0 && !(db instanceof PgTransaction);
  const [counted, firstPage] = together ? await Promise.all([count(), readPage()]) : [await count(), null];
  if (counted <= cap) {
    if (offset >= counted) return paged([], counted, page, perPage);
    const rows = firstPage ?? (await readPage());
    return paged(rows.map((row) => present(row)), counted, page, perPage);
  }
  const depth = Math.max(MAX_OFFSET, cap + 1);
  const lastPage = (total: number) => Math.max(1, Math.ceil(Math.min(total, depth) / perPage));
  if (offset >= depth) {
    const total = Math.max(cap + 1, await estimatedRows(db, listed));
    return { ...paged([], total, page, perPage), last_page: lastPage(total) };
  }
  const rows = firstPage ?? (await readPage());
  let total: number;
  // a short page is the end of the list: the total is known exactly; a full one proves there are
  // at least that many (an estimate too low still links the next page)
  if (rows.length < perPage && (rows.length > 0 || offset === 0)) total = offset + rows.length;
  else if (rows.length === 0) total = await countUpTo(db, listed, offset);
  else total = Math.max(cap + 1, await estimatedRows(db, listed), offset + perPage + 1);
  return { ...paged(rows.map((row) => present(row)), total, page, perPage), last_page: lastPage(total) };
}

function windowTotal(row: object): number {
  if (!('paged_total' in row)) throw new Error("pagedSelect: count 'window' needs pagedTotal selected as paged_total");
  return Number(row.paged_total);
}

/** `count(*)` of the list, reading at most `limit` of its rows (all of them for null). */
async function countUpTo(db: DbOrTx, listed: SQL, limit: number | null): Promise<number> {
  const rows = limit === null ? listed : sql`${listed} limit ${limit}`;
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(sql`(${rows}) as paged_rows`);
  return Number(total);
}

/** The planner's row estimate of the list (EXPLAIN, no execution). */
async function estimatedRows(db: DbOrTx, listed: SQL): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${listed}`)) as { rows: Record<string, unknown>[] };
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows']) || 0);
}

/** `%text%` for ILIKE, with the user's own `%`, `_` and `\` matched literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The lists' free-text search, or undefined for an empty one: the text matches any `text`
 * column (ILIKE, anywhere); with 3 or more digits in it, also any `digits` column (documents are
 * stored as digits, so a masked CPF/CNPJ finds them); and a protocol typed as "123" matches the
 * `protocolo` id column. A protocol typed with its check digit, "123-4", is unambiguous: it finds
 * that record only (its `protocoloDigito` too, when given), not the documents containing "1234"
 * (issue 25).
 */
export function textSearch(
  input: string | undefined,
  columns: { text: PgColumn[]; digits?: PgColumn[]; protocolo?: PgColumn; protocoloDigito?: PgColumn },
): SQL | undefined {
  const text = input?.trim();
  if (!text) return undefined;
  const withDigit = /^(\d{1,9})\s*-\s*(\d)$/.exec(text);
  if (columns.protocolo && withDigit) {
    const id = eq(columns.protocolo, Number(withDigit[1]));
    return columns.protocoloDigito ? and(id, eq(columns.protocoloDigito, Number(withDigit[2]))) : id;
  }
  const parts: SQL[] = columns.text.map((c) => ilike(c, containing(text)));
  const digits = onlyDigits(text);
  if (digits.length >= 3) for (const c of columns.digits ?? []) parts.push(ilike(c, containing(digits)));
  if (columns.protocolo && /^\d{1,9}$/.test(text)) parts.push(eq(columns.protocolo, Number(text)));
  return or(...parts);
}
