import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { SessionDeps } from '../modules/auth/login.js';
import type { FileStorage } from '../adapters/storage/file-storage.js';
import type { FileLinkSigner } from '../modules/files/signed-link.js';

/** What every route module receives: the database, the configuration, shared services. */
export type AppContext = {
  database: Database;
  config: Config;
  session: SessionDeps;
  storage: FileStorage;
  fileLinks: FileLinkSigner;
};
