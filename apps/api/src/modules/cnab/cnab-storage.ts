import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';

/**
 * The CNAB jobs' handlers need the app's file storage, which job payloads must not carry: each app
 * registers its storage for its database (routes/remessa.ts, routes/retorno.ts), and a handler
 * finds it through the database it runs on (JobContext.db).
 */
const storages = new WeakMap<Db, FileStorage>();

export function registerCnabStorage(db: Db, storage: FileStorage): void {
  storages.set(db, storage);
}

export function cnabStorageOf(db: Db): FileStorage {
  const storage = storages.get(db);
  if (!storage) throw new Error('armazenamento de arquivos não registrado para este banco de dados');
  return storage;
}
