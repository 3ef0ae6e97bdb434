/**
 * What the local bank sandbox is built with. apps/api/src reads no environment outside config.ts:
 * the standalone script (scripts/bank-sandbox.mjs) and the app pass these in.
 */
export type SandboxCredential = { clientId: string; clientSecret: string; appKey: string };

export type BankSandboxOptions = {
  /** BB refuses a change (PATCH) sooner than 30 minutes after registration; tests shorten it. */
  alteracaoDelayMs?: number;
  /** The sandbox's clock (registration time, payment dates, token expiry). */
  now?: () => Date;
  /** JSON file keeping the sandbox's boletos across restarts (the in-process demo). */
  stateFile?: string;
  /** Where payments are announced ("baixa operacional" webhook): one URL, or one per convênio. */
  webhookUrl?: string | ((numeroConvenio: string) => string | null);
  /** Accepted client credentials; when absent any non-empty id, secret and app key are accepted. */
  credentials?: SandboxCredential[];
  /** Fastify's request log of the standalone server. */
  logger?: boolean;
  /** Lifetime of an OAuth token; BB's is 600 s. */
  tokenTtlSeconds?: number;
  /** Boletos per page of BB's listing; BB documents 300. */
  listagemPageSize?: number;
  /** Payments per page of BB's baixa operacional listing; BB documents 650. */
  baixaOperacionalPageSize?: number;
  /** Waits before each webhook attempt: the first is immediate, then these (ms). */
  webhookRetryDelaysMs?: number[];
};

export type ResolvedSandboxOptions = Required<Omit<BankSandboxOptions, 'stateFile' | 'webhookUrl' | 'credentials'>> &
  Pick<BankSandboxOptions, 'stateFile' | 'webhookUrl' | 'credentials'>;

export const THIRTY_MINUTES_MS = 30 * 60 * 1000;

export function resolveSandboxOptions(o: BankSandboxOptions): ResolvedSandboxOptions {
  return {
    alteracaoDelayMs: o.alteracaoDelayMs ?? THIRTY_MINUTES_MS,
    now: o.now ?? (() => new Date()),
    stateFile: o.stateFile,
    webhookUrl: o.webhookUrl,
    credentials: o.credentials,
    logger: o.logger ?? false,
    tokenTtlSeconds: o.tokenTtlSeconds ?? 600,
    listagemPageSize: o.listagemPageSize ?? 300,
    baixaOperacionalPageSize: o.baixaOperacionalPageSize ?? 650,
    webhookRetryDelaysMs: o.webhookRetryDelaysMs ?? [500, 2_000, 5_000],
  };
}

/** The webhook URL for a convênio, whichever form the option took. */
export function webhookUrlFor(options: ResolvedSandboxOptions, numeroConvenio: string): string | null {
  const w = options.webhookUrl;
  if (w === undefined) return null;
  return typeof w === 'function' ? w(numeroConvenio) : w;
}
