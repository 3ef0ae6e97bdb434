import fs from 'node:fs';
import path from 'node:path';

/**
 * Below this much free space on DATA_DIR's disk the API stops writing (decision 107). PGlite
 * creates its next 16 MB WAL segment and writes checkpoint files as it goes; if one of those writes
 * fails, its backend PANICs and only a restart brings it back (shared/database-stopped.ts). Refusing
 * writes while there is still room keeps the database running, readable, and writable again as soon
 * as space is freed — no restart.
 */
export const MIN_FREE_DISK_BYTES = 64 * 1024 * 1024;

const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** Free bytes for this process on the disk holding `dir` (or its nearest existing parent); null if unknown. */
export async function freeDiskBytes(dir: string): Promise<number | null> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = await fs.promises.statfs(at);
      return stats.bavail * stats.bsize;
    } catch {
      const parent = path.dirname(at);
      if (parent === at) return null;
      at = parent;
    }
  }
}

/** The Portuguese sentence for a write refused or failed for lack of disk space. */
export function diskFullMessage(freeBytes: number | null): string {
  const left = freeBytes === null ? '' : ` (restam ${mb(freeBytes)} MB; são necessários pelo menos ${mb(MIN_FREE_DISK_BYTES)} MB)`;
  return `Sem espaço em disco no servidor${left}: nada foi gravado. Avise o administrador do sistema para liberar espaço.`;
}

/** Null while DATA_DIR's disk has room, else why a write is refused (a start, a request). */
export async function lowDiskSpace(dataDir: string | null | undefined): Promise<{ freeBytes: number; message: string } | null> {
  if (!dataDir) return null;
  const freeBytes = await freeDiskBytes(dataDir);
  if (freeBytes === null || freeBytes >= MIN_FREE_DISK_BYTES) return null;
  return { freeBytes, message: diskFullMessage(freeBytes) };
}
