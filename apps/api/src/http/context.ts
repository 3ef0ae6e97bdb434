import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { JobQueue } from '../jobs/index.js';
import type { SessionDeps } from '../modules/auth/login.js';
import type { A1Certificate } from '../modules/assinatura/pades-signer.js';
import type { AppServices } from '../services.js';

/**
 * What every route module receives from buildApp, the one composition root: the database, the
 * configuration, the services (storage, file links, bureau, messaging, CEP, clock) and what only
 * requests need. Routes hand use-cases the parts they use; nothing is built or looked up elsewhere.
 */
export type AppContext = AppServices & {
  database: Database;
  config: Config;
  session: SessionDeps;
  jobs: JobQueue;
  /** The A1 certificate of SIGNATURE_P12_PATH (PAdES), read and checked once at start; null without one. */
  a1: A1Certificate | null;
};
