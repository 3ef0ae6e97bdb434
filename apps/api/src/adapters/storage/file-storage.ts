import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * File storage adapter (DOMAIN.md Integrations). The local default keeps files under
 * STORAGE_DIR (DATA_DIR/files), outside the web root; an S3-compatible adapter can implement the
 * same interface. Files are only ever served through signed, expiring links (routes/arquivo.ts).
 */
export interface FileStorage {
  /** Moves a finished temporary file into the store under key. */
  adopt(tempPath: string, key: string): Promise<void>;
  /** A temporary path for an upload in progress (same volume, so adopt is a rename). */
  tempPath(name: string): string;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

export function localFileStorage(root: string): FileStorage {
  const tmp = path.join(root, '.tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const full = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error('chave de arquivo inválida');
    return resolved;
  };
  return {
    tempPath: (name) => path.join(tmp, name),
    async adopt(tempPath, key) {
      const target = full(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tempPath, target);
    },
    read: (key) => fs.createReadStream(full(key)),
    exists: async (key) => fs.promises.access(full(key)).then(() => true, () => false),
    remove: async (key) => fs.promises.rm(full(key), { force: true }),
  };
}
