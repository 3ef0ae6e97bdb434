import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** A value of a column: what a PostgreSQL array literal can carry (objects go as their JSON text, for jsonb). */
export type ColumnValue = string | number | boolean | null | undefined | Record<string, unknown>;

/** One column of a set-based INSERT: its name, the element type of its array (`int`, `varchar`, `jsonb`…) and its values. */
export type UnnestColumn = readonly [name: string, pgType: string, values: readonly ColumnValue[]];

const element = (v: ColumnValue): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
};

/** A PostgreSQL array literal (`{1,NULL,"a \"b\""}`), sent as one text parameter and cast to the column's array type. */
export function pgArrayLiteral(values: readonly ColumnValue[]): string {
  return `{${values.map(element).join(',')}}`;
}

/**
 * Many rows inserted from one array per column (`INSERT … SELECT * FROM unnest($1::int[], …)`):
 * a handful of parameters whatever the row count, instead of one per value. Drizzle's multi-row
 * insert builds and checks every value in JavaScript (most of a retorno batch's time, profiled);
 * here each column is one string. Table and column names are the caller's constants, never input.
 * `tail` is appended as is (ON CONFLICT …, RETURNING …); the result's rows are answered.
 * Not for the ledger's own tables: those are written by post-transaction.ts alone (only-writer.test.ts).
 */
export async function insertFromArrays<R = Record<string, unknown>>(tx: DbOrTx, table: string, columns: readonly UnnestColumn[], tail?: SQL): Promise<R[]> {
  refuseLedgerTable(table);
  const count = rowCount(table, columns);
  if (!count) return [];
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const result = await tx.execute(sql`insert into ${sql.raw(table)} (${names}) select * from unnest(${unnestArguments(columns)})${tail ?? sql``}`);
  return rowsOf<R>(result);
}

/** The ledger's tables are written by postTransactions alone (only-writer.test.ts). */
export function refuseLedgerTable(table: string): void {
  if (/^\s*"?ledger_/i.test(table)) throw new Error(`${table}: o razão só é escrito por postTransactions.`);
}

/** The rows every column has (they must agree). */
export function rowCount(table: string, columns: readonly UnnestColumn[]): number {
  const count = columns[0]?.[2].length ?? 0;
  for (const [name, , values] of columns) if (values.length !== count) throw new Error(`${table}.${name}: ${values.length} valores para ${count} linhas.`);
  return count;
}

/** `$1::int[], $2::varchar[], …`: the arguments of unnest, one array parameter per column. */
export function unnestArguments(columns: readonly UnnestColumn[]): SQL {
  return sql.join(
    columns.map(([, pgType, values]) => sql`${pgArrayLiteral(values)}::${sql.raw(pgType)}[]`),
    sql`, `,
  );
}

/** The rows of tx.execute's answer, on PostgreSQL (node-postgres) and PGlite alike. */
export function rowsOf<R>(result: unknown): R[] {
  return ((result as { rows?: R[] }).rows ?? []) as R[];
}
