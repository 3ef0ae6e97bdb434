import type { Database } from '../../db/client.js';
import { lowDiskSpace } from './disk-space.js';
import { pingDatabase } from './ping-database.js';

export type Health = { status: 'ok' } | { status: 'degraded'; msg: string };

/**
 * GET /api/health (decision 107): "ok" while the database answers and, with PGlite, its disk has
 * room; "degraded" with the reason when its backend stopped (a PANIC: restart needed), when it does
 * not answer, or when DATA_DIR's disk is below the free space writes need (writes are refused).
 */
export async function checkHealth(database: Database): Promise<Health> {
  const stopped = database.stopped?.();
  if (stopped) return { status: 'degraded', msg: stopped.message };
  try {
    await pingDatabase(database.db);
  } catch {
    return { status: 'degraded', msg: database.stopped?.()?.message ?? 'O banco de dados não responde.' };
  }
  const low = await lowDiskSpace(database.dataDir);
  return low ? { status: 'degraded', msg: low.message } : { status: 'ok' };
}
