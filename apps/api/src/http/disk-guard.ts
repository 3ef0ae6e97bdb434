import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { AppError } from '../errors/app-error.js';
import { lowDiskSpace } from '../modules/system/disk-space.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With PGlite on a disk below MIN_FREE_DISK_BYTES, every call that may write (any /api method but
 * GET) answers 507 with a sentence about disk space before it starts — a login too, at once, never
 * waiting (decision 107). Reads go on; writes resume by themselves once space is freed. After
 * validation (bad input is still a 422) and before the handler and the per-user limits' counters.
 * With PostgreSQL (DATABASE_URL) the disk is the server's: its disk_full error (53100) is answered by
 * the error handler.
 */
export function registerDiskGuard(app: FastifyInstance, database: Database): void {
  if (database.kind !== 'pglite' || !database.dataDir) return;
  const dataDir = database.dataDir;
  app.addHook('preHandler', async (request) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return;
    const stopped = database.stopped?.();
    if (stopped) throw stopped;
    const low = await lowDiskSpace(dataDir);
    if (low) {
      request.log.warn({ freeBytes: low.freeBytes }, 'disk almost full: write refused');
      throw new AppError('INSUFFICIENT_STORAGE', low.message);
    }
  });
}
