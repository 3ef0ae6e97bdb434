import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localFileStorage } from '../src/adapters/storage/file-storage.js';

/** A file store in a fresh temporary folder, so no test writes into the repository's ./data. */
export function tempStorage(prefix = 'bg-files-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, storage: localFileStorage(dir), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
