import { eq, sql } from 'drizzle-orm';
import { MSG, isValidCep, onlyDigits } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { cepCache } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { DEFAULT_CEP_CACHE_DAYS, lookupInChain, type CepAddress, type CepProvider } from '../../adapters/cep/cep-provider.js';

export type CepLookupDeps = {
  db: DbOrTx;
  providers: CepProvider[];
  /** Age after which a cached row is asked again to the providers (CEP_CACHE_DAYS); default 30. */
  cacheDays?: number;
  onProviderError?: (provider: string, err: unknown) => void;
  /** Called when a stale row is answered because no provider could refresh it. */
  onStaleServed?: (cep: string, fetchedAt: Date) => void;
  now?: () => Date;
};

const DAY_MS = 24 * 3600 * 1000;

/**
 * GET /api/cep/{cep}: the cache first (a CEP seldom changes, and the offline default has nothing
 * else), then the configured providers; a provider's answer is cached for the next time.
 * A cached row older than `cacheDays` is refreshed from the providers when there are any; if
 * none can answer (or they no longer know it) the stale row is still answered — an old address
 * is more useful than an error. Without providers the cache is answered whatever its age.
 * Invalid → 422 "Digite um CEP válido!"; unknown → 404; every provider down → 503.
 */
export async function lookupCep(deps: CepLookupDeps, rawCep: string): Promise<CepAddress> {
  const cep = onlyDigits(rawCep);
  if (!isValidCep(rawCep) || cep.length !== 8) throw new AppError('VALIDATION', MSG.cepInvalid, { errors: { cep: MSG.cepInvalid } });

  const [cached] = await deps.db.select().from(cepCache).where(eq(cepCache.cep, cep));
  if (cached) {
    const fromCache: CepAddress = {
      cep,
      endereco: cached.logradouro ?? '',
      complemento: cached.complemento ?? '',
      bairro: cached.bairro ?? '',
      cidade: cached.cidade,
      uf: cached.uf,
    };
    const maxAgeMs = (deps.cacheDays ?? DEFAULT_CEP_CACHE_DAYS) * DAY_MS;
    const now = deps.now?.() ?? new Date();
    const stale = now.getTime() - new Date(cached.fetched_at).getTime() > maxAgeMs;
    if (!stale || deps.providers.length === 0) return fromCache;

    const refreshed = await lookupInChain(deps.providers, cep, deps.onProviderError);
    if (refreshed.status === 'found') {
      await saveCepCache(deps.db, refreshed.address, refreshed.provider);
      return refreshed.address;
    }
    // Providers down, or they no longer list the CEP: keep serving the row (fetched_at untouched,
    // so the next lookup tries again) rather than failing an address form.
    if (refreshed.status === 'failed') deps.onStaleServed?.(cep, cached.fetched_at);
    return fromCache;
  }

  const result = await lookupInChain(deps.providers, cep, deps.onProviderError);
  if (result.status === 'failed') throw new AppError('UNAVAILABLE', 'Serviço de CEP indisponível no momento. Digite o endereço manualmente.');
  if (result.status === 'not_found') throw notFound('CEP');
  await saveCepCache(deps.db, result.address, result.provider);
  return result.address;
}

/** Stores (or refreshes) one address in the cache; also used by the seed and the test factories. */
export async function saveCepCache(db: DbOrTx, address: CepAddress, provider: string): Promise<void> {
  const values = {
    cep: address.cep,
    logradouro: address.endereco || null,
    complemento: address.complemento || null,
    bairro: address.bairro || null,
    cidade: address.cidade,
    uf: address.uf,
    provider,
  };
  await db
    .insert(cepCache)
    .values(values)
    .onConflictDoUpdate({ target: cepCache.cep, set: { ...values, fetched_at: sql`now()` } });
}
