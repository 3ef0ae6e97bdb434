import { Progress, type Loader } from './loader.js';

/** Next ids per table, continuing after the rows already there. */
export class Ids {
  constructor(private readonly last: Record<string, number>) {}

  next(table: string): number {
    return (this.last[table] = (this.last[table] ?? 0) + 1);
  }

  current(table: string): number {
    return this.last[table] ?? 0;
  }
}

export type TableTiming = { rows: number; copyMs: number; indexMs: number };

/** What every writing phase shares: the loader, ids, timings per table. */
export class Phase {
  readonly timings = new Map<string, TableTiming>();

  constructor(
    readonly loader: Loader,
    readonly ids: Ids,
    readonly existingSuspeitos: Set<string>,
  ) {}

  timing(table: string): TableTiming {
    let t = this.timings.get(table);
    if (!t) this.timings.set(table, (t = { rows: 0, copyMs: 0, indexMs: 0 }));
    return t;
  }

  /** COPY of generated lines with a progress bar; time and rows add up per table. */
  async copy(table: string, columns: readonly string[], lines: Iterable<string>, expected: number): Promise<number> {
    const started = performance.now();
    const progress = new Progress(table, expected);
    const rows = await this.loader.copy(table, columns, lines, progress);
    progress.end();
    const t = this.timing(table);
    t.rows += rows;
    t.copyMs += performance.now() - started;
    return rows;
  }
}
