import type { BankAdapter } from './bank-adapter.js';
import { bbApiAdapter } from './bb-api-adapter.js';

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
  timeoutMs: number;
};

/** One registry of adapters per app: an adapter keeps its OAuth token, so it lives as long as the conta's settings do. */
export type BankAdapters = { for(cfg: BankAdapterConfig): BankAdapter };

export class UnsupportedBankError extends Error {}

const builders: Record<string, (cfg: BankAdapterConfig) => BankAdapter> = {
  '001': (cfg) => bbApiAdapter(cfg),
};

/** Registers an adapter for a bank (Caixa's lives in caixa-api-adapter.ts and registers itself here). */
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
