import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * How every PGlite of the API is opened. PostgreSQL's default shared_buffers (128 MB) lives inside
 * PGlite's WebAssembly memory, which never shrinks, and is zeroed at start: 16 MB keeps an idle
 * server about 130 MB smaller while a demo-sized database (tens of MB) still reads from the OS file
 * cache (docs/decisions/009-production-build-and-startup.md).
 *
 * A big database is another matter: every page missing from shared_buffers is read through the
 * WebAssembly file system, one call across the JavaScript boundary per 8 kB page, and at 1 M
 * boletos (4 GB) the reports spent most of their time there (docs/performance.md, "PGlite at 1 M").
 * So the buffers grow with the data found at start: 1/16 of the data directory, between 16 MB and
 * 256 MB (a 4 GB database gets the maximum; a demo keeps 16 MB).
 */
export const PGLITE_SHARED_BUFFERS_MIN_MB = 16;
export const PGLITE_SHARED_BUFFERS_MAX_MB = 256;

/** Bytes under the data directory's `base/` (the tables and indexes), 0 when there is none yet. */
function dataBytes(dataDir: string): number {
  let total = 0;
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) total += fs.statSync(full, { throwIfNoEntry: false })?.size ?? 0;
    }
  };
  walk(path.join(dataDir, 'base'));
  return total;
}

/** shared_buffers for a database of this size, in MB. */
export function sharedBuffersMbFor(bytes: number): number {
  const mb = Math.floor(bytes / 16 / 1024 / 1024);
  return Math.min(PGLITE_SHARED_BUFFERS_MAX_MB, Math.max(PGLITE_SHARED_BUFFERS_MIN_MB, mb));
}

export function pgliteOptions(dataDir: string | null): PGliteOptions {
  const sharedBuffersMb = dataDir ? sharedBuffersMbFor(dataBytes(dataDir)) : PGLITE_SHARED_BUFFERS_MIN_MB;
  return {
    ...(dataDir ? { dataDir } : {}),
    // the lists' name/document search indexes (migration 0080) are pg_trgm GIN indexes
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  };
}
