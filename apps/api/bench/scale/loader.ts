import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pgliteOptions } from '../../src/db/pglite-options.js';

/**
 * Bulk loading for the scale seed: COPY … FROM STDIN through pg-copy-streams on PostgreSQL, and
 * COPY … FROM '/dev/blob' with PGlite's `blob` option, in chunks, on PGlite. Rows are COPY text
 * lines built by `line()`. A progress bar goes to stderr.
 */
export type Value = string | number | boolean | null | undefined;

const SPECIAL = /[\\\t\n\r]/;
const escape = (s: string) => (SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!) : s);

/** One COPY text-format line (tab separated, `\N` for null, newline at the end). */
export function line(values: readonly Value[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += '\t';
    if (v === null || v === undefined) out += '\\N';
    else if (typeof v === 'string') out += escape(v);
    else if (typeof v === 'boolean') out += v ? 't' : 'f';
    else out += String(v);
  }
  return `${out}\n`;
}

export interface Loader {
  readonly kind: 'pglite' | 'postgres';
  exec(sql: string): Promise<void>;
  rows<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Streams the lines into `table (columns)`; answers how many rows went in. */
  copy(table: string, columns: readonly string[], lines: Iterable<string>, progress?: Progress): Promise<number>;
  close(): Promise<void>;
}

const CHUNK_LINES = 20_000;

function* chunks(lines: Iterable<string>, progress?: Progress): Generator<{ text: string; count: number }> {
  let buf: string[] = [];
  for (const l of lines) {
    buf.push(l);
    if (buf.length === CHUNK_LINES) {
      progress?.tick(buf.length);
      yield { text: buf.join(''), count: buf.length };
      buf = [];
    }
  }
  if (buf.length) {
    progress?.tick(buf.length);
    yield { text: buf.join(''), count: buf.length };
  }
}

export async function postgresLoader(url: string): Promise<Loader> {
  const client = new pg.Client({ connectionString: url, options: '-c timezone=America/Sao_Paulo' });
  await client.connect();
  return {
    kind: 'postgres',
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    copy: async (table, columns, lines, progress) => {
      const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
      let count = 0;
      for (const chunk of chunks(lines, progress)) {
        count += chunk.count;
        if (!stream.write(chunk.text)) await once(stream, 'drain');
      }
      stream.end();
      await finished(stream);
      return count;
    },
    close: () => client.end(),
  };
}

export async function pgliteLoader(dataDir: string): Promise<Loader> {
  const db = await PGlite.create(pgliteOptions(dataDir));
  await db.exec("SET TIME ZONE 'America/Sao_Paulo'");
  return {
    kind: 'pglite',
    exec: async (sql) => void (await db.exec(sql)),
    rows: async <T>(sql: string, params?: unknown[]) => (await db.query(sql, params ?? [])).rows as T[],
    copy: async (table, columns, lines, progress) => {
      let count = 0;
      for (const chunk of chunks(lines, progress)) {
        count += chunk.count;
        await db.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([chunk.text]) });
      }
      return count;
    },
    close: () => db.close(),
  };
}

/** A one-line progress bar on stderr (a line per quarter when stderr is not a terminal). */
export class Progress {
  private done = 0;
  private lastDraw = 0;
  private lastQuarter = 0;
  private readonly started = performance.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  tick(n: number): void {
    this.done += n;
    const now = performance.now();
    if (process.stderr.isTTY) {
      if (now - this.lastDraw < 100 && this.done < this.total) return;
      this.lastDraw = now;
      const ratio = this.total ? Math.min(1, this.done / this.total) : 1;
      const width = 30;
      const bar = '#'.repeat(Math.round(ratio * width)).padEnd(width, '.');
      process.stderr.write(`\r  ${this.label.padEnd(22)} [${bar}] ${String(Math.round(ratio * 100)).padStart(3)}% ${this.done.toLocaleString('pt-BR')} linhas ${((now - this.started) / 1000).toFixed(1)} s   `);
    } else {
      const quarter = this.total ? Math.floor((this.done / this.total) * 4) : 4;
      if (quarter > this.lastQuarter) {
        this.lastQuarter = quarter;
        process.stderr.write(`  ${this.label}: ${Math.min(100, quarter * 25)}% (${this.done} linhas, ${((now - this.started) / 1000).toFixed(1)} s)\n`);
      }
    }
  }

  end(): void {
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
}
