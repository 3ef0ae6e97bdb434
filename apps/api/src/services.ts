import type { BankAdapters } from './adapters/bank/choose-bank-adapter.js';
import type { BureauAdapter } from './adapters/bureau/bureau.js';
import type { CepProvider } from './adapters/cep/cep-provider.js';
import type { MessagingAdapter } from './adapters/messaging/messaging.js';
import type { VerpSigner } from './adapters/messaging/verp.js';
import type { FileStorage } from './adapters/storage/file-storage.js';
import type { SecretBox } from './modules/auth/secret-box.js';
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
  /** SMTP_BOUNCE_DOMAIN's VERP signer: the SMTP provider's Return-Paths and the bounce listener's check (null: off). */
  verp: VerpSigner | null;
  /** CEP lookup: the provider chain (empty: cache only) and how old a cached address may get. */
  cep: { providers: CepProvider[]; cacheDays: number };
  clock: Clock;
  /** Banks by API (docs/banks.md): the adapters, the box that seals the contas' credentials, the webhook secret. */
  bank: BankServices;
  /** The shops' webhooks (decision 118): private addresses allowed?, each delivery's timeout, the first retry's wait. */
  webhooks: { privateUrls: boolean; timeoutMs: number; retryBaseSeconds: number };
};

export type BankServices = {
  adapters: BankAdapters;
  box: SecretBox;
  /** BANK_WEBHOOK_SECRET: the token of the contas without one of their own (null: each conta's own only). */
  webhookSecret: string | null;
  /** The API's public address for the webhook URL shown to the admin (PUBLIC_URL, else the request's). */
  publicUrl: string | null;
  timeoutMs: number;
};
