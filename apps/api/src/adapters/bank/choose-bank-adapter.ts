import type { BankAdapter } from './bank-adapter.js';
import type { BankTls } from './bank-http.js';
import { bbApiAdapter } from './bb-api-adapter.js';
import { caixaApiAdapter } from './caixa-api-adapter.js';

/** What an API adapter needs of a conta (credentials opened): the same for every bank. */
export type BankAdapterConfig = {
  banco: string;
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  appKey: string;
  convenio: string;
  carteira: string;
  variacao: string;
  agencia: string;
  conta: string;
  /** The beneficiário's CNPJ (the conta's): Caixa's registration body carries it. */
  beneficiarioDocumento?: string;
  timeoutMs: number;
  /** The conta's client certificate (PEM): every call, token included, presents it (mutual TLS). */
  tls?: BankTls;
};

/** One registry of adapters per app: an adapter keeps its OAuth token, so it lives as long as the conta's settings do. */
export type BankAdapters = { for(cfg: BankAdapterConfig): BankAdapter };

export class UnsupportedBankError extends Error {}

const builders: Record<string, (cfg: BankAdapterConfig) => BankAdapter> = {
  '001': (cfg) => bbApiAdapter(cfg),
  '104': (cfg) => caixaApiAdapter(cfg),
};

/** Registers an adapter for another bank (or replaces one: a test's). */
export function registerBankAdapter(banco: string, build: (cfg: BankAdapterConfig) => BankAdapter): void {
  builders[banco] = build;
}

export function bankAdapters(): BankAdapters {
  const cache = new Map<string, BankAdapter>();
  return {
    for(cfg) {
      const key = JSON.stringify(cfg);
      let adapter = cache.get(key);
      if (!adapter) {
        const build = builders[cfg.banco];
        if (!build) throw new UnsupportedBankError(`Banco ${cfg.banco} ainda não trabalha por API.`);
        adapter = build(cfg);
        cache.set(key, adapter);
      }
      return adapter;
    },
  };
}
