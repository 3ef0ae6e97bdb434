import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * How every PGlite of the API is opened. PostgreSQL's default shared_buffers (128 MB) lives inside
 * PGlite's WebAssembly memory, which never shrinks, and is zeroed at start: 16 MB keeps an idle
 * server about 130 MB smaller while a demo-sized database (tens of MB) still reads from the OS file
 * cache (docs/decisions/009-production-build-and-startup.md).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

export function pgliteOptions(dataDir: string | null): PGliteOptions {
  return {
    ...(dataDir ? { dataDir } : {}),
    // the lists' name/document search indexes (migration 0080) are pg_trgm GIN indexes
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}
