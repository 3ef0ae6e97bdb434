import type { BureauAdapter } from './adapters/bureau/bureau.js';
import type { CepProvider } from './adapters/cep/cep-provider.js';
import type { MessagingAdapter } from './adapters/messaging/messaging.js';
import type { FileStorage } from './adapters/storage/file-storage.js';
import type { FileLinkSigner } from './modules/files/signed-link.js';
import type { Clock } from './shared/clock.js';

/**
 * The services buildApp (app.ts) builds once from the configuration. Routes receive them in their
 * AppContext (http/context.ts) and job handlers in their JobContext (jobs/define-job.ts): the same
 * objects, so a job and a request see the same storage, bureau, messaging provider and clock.
 */
export type AppServices = {
  storage: FileStorage;
  fileLinks: FileLinkSigner;
  bureau: BureauAdapter;
  messaging: MessagingAdapter;
  /** CEP lookup: the provider chain (empty: cache only) and how old a cached address may get. */
  cep: { providers: CepProvider[]; cacheDays: number };
  clock: Clock;
};
