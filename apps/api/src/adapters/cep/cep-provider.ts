/**
 * Postal-code adapter (DOMAIN.md Integrations). A provider answers an address, `null` when it
 * knows the CEP does not exist, or throws when it could not answer (network, timeout, bad reply).
 * Production chains ViaCEP and BrasilAPI over HTTPS (CEP_PROVIDERS, built once by buildApp); the
 * offline default has no provider at all and answers from the cep_cache table only
 * (modules/cep/lookup-cep.ts).
 */
export type CepAddress = {
  cep: string;
  endereco: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
};

export interface CepProvider {
  readonly name: string;
  lookup(cep: string): Promise<CepAddress | null>;
}

export type FetchLike = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<{
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
}>;

export class CepProviderError extends Error {}

const DEFAULT_TIMEOUT_MS = 3000;
/** CEP_CACHE_DAYS's default (config-schema.ts), for callers that give none. */
export const DEFAULT_CEP_CACHE_DAYS = 30;

async function getJson(fetchFn: FetchLike, url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchFn(url, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (res.status === 404 || res.status === 400) return { status: res.status, body: null };
    if (!res.ok) throw new CepProviderError(`HTTP ${res.status}`);
    return { status: res.status, body: await res.json() };
  } catch (err) {
    if (err instanceof CepProviderError) throw err;
    throw new CepProviderError(controller.signal.aborted ? 'tempo esgotado' : String((err as Error)?.message ?? err));
  } finally {
    clearTimeout(timer);
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function toAddress(cep: string, fields: { endereco: unknown; complemento?: unknown; bairro: unknown; cidade: unknown; uf: unknown }): CepAddress {
  const address = {
    cep,
    endereco: text(fields.endereco),
    complemento: text(fields.complemento),
    bairro: text(fields.bairro),
    cidade: text(fields.cidade),
    uf: text(fields.uf).toUpperCase(),
  };
  // A reply without city or UF is not an address we can use: treat it as a provider failure.
  if (!address.cidade || !/^[A-Z]{2}$/.test(address.uf)) throw new CepProviderError('resposta incompleta');
  return address;
}

/** https://viacep.com.br/ws/{cep}/json/ — answers `{ "erro": true }` for an unknown CEP. */
export function viaCepProvider(fetchFn: FetchLike, timeoutMs = DEFAULT_TIMEOUT_MS): CepProvider {
  return {
    name: 'viacep',
    async lookup(cep) {
      const { body } = await getJson(fetchFn, `https://viacep.com.br/ws/${cep}/json/`, timeoutMs);
      if (!body || typeof body !== 'object') return null;
      const b = body as Record<string, unknown>;
      if (b.erro === true || b.erro === 'true') return null;
      return toAddress(cep, { endereco: b.logradouro, complemento: b.complemento, bairro: b.bairro, cidade: b.localidade, uf: b.uf });
    },
  };
}

/** https://brasilapi.com.br/api/cep/v1/{cep} — answers 404 for an unknown CEP. */
export function brasilApiProvider(fetchFn: FetchLike, timeoutMs = DEFAULT_TIMEOUT_MS): CepProvider {
  return {
    name: 'brasilapi',
    async lookup(cep) {
      const { body } = await getJson(fetchFn, `https://brasilapi.com.br/api/cep/v1/${cep}`, timeoutMs);
      if (!body || typeof body !== 'object') return null;
      const b = body as Record<string, unknown>;
      return toAddress(cep, { endereco: b.street, bairro: b.neighborhood, cidade: b.city, uf: b.state });
    },
  };
}

const FACTORIES = {
  viacep: viaCepProvider,
  brasilapi: brasilApiProvider,
} satisfies Record<string, (fetchFn: FetchLike, timeoutMs: number) => CepProvider>;

export type CepProviderName = keyof typeof FACTORIES;

/** The providers named in CEP_PROVIDERS (validated by loadConfig), in that order, each with CEP_TIMEOUT_MS. */
export function cepProviders(names: readonly CepProviderName[], timeoutMs: number, fetchFn: FetchLike = globalThis.fetch): CepProvider[] {
  return names.map((name) => FACTORIES[name](fetchFn, timeoutMs));
}

export type ChainResult = { status: 'found'; address: CepAddress; provider: string } | { status: 'not_found' } | { status: 'failed' };

/**
 * Asks each provider in turn until one knows the CEP. "Not found" from every provider that
 * answered means not found; only when none could answer at all is it a failure.
 */
export async function lookupInChain(providers: CepProvider[], cep: string, onError?: (provider: string, err: unknown) => void): Promise<ChainResult> {
  let answered = false;
  for (const provider of providers) {
    try {
      const address = await provider.lookup(cep);
      answered = true;
      if (address) return { status: 'found', address, provider: provider.name };
    } catch (err) {
      onError?.(provider.name, err);
    }
  }
  return answered || providers.length === 0 ? { status: 'not_found' } : { status: 'failed' };
}
