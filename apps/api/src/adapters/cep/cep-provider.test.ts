import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { brasilApiProvider, cepProviders, lookupInChain, viaCepProvider, type FetchLike } from './cep-provider.js';

function fakeFetch(routes: Record<string, { status: number; body?: unknown } | 'hang' | 'throw'>): FetchLike & { urls: string[] } {
  const urls: string[] = [];
  const fn: FetchLike = async (url, init) => {
    urls.push(url);
    const r = routes[url];
    if (!r || r === 'throw') throw new TypeError('fetch failed');
    if (r === 'hang') {
      return new Promise<never>((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    }
    return { status: r.status, ok: r.status >= 200 && r.status < 300, json: async () => r.body };
  };
  return Object.assign(fn, { urls });
}

const VIA = 'https://viacep.com.br/ws/01310100/json/';
const BR = 'https://brasilapi.com.br/api/cep/v1/01310100';

describe('viaCepProvider', () => {
  it('maps the ViaCEP answer', async () => {
    const f = fakeFetch({ [VIA]: { status: 200, body: { cep: '01310-100', logradouro: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' } } });
    expect(await viaCepProvider(f).lookup('01310100')).toEqual({
      cep: '01310100', endereco: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP',
    });
  });
  it('answers null for { erro: true } and throws on a server error or a timeout', async () => {
    expect(await viaCepProvider(fakeFetch({ [VIA]: { status: 200, body: { erro: 'true' } } })).lookup('01310100')).toBeNull();
    await expect(viaCepProvider(fakeFetch({ [VIA]: { status: 502 } })).lookup('01310100')).rejects.toThrow('HTTP 502');
    await expect(viaCepProvider(fakeFetch({ [VIA]: 'hang' }), 20).lookup('01310100')).rejects.toThrow('tempo esgotado');
  });
});

describe('brasilApiProvider', () => {
  it('maps the BrasilAPI answer and answers null on 404', async () => {
    const f = fakeFetch({ [BR]: { status: 200, body: { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' } } });
    expect(await brasilApiProvider(f).lookup('01310100')).toMatchObject({ endereco: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP', complemento: '' });
    expect(await brasilApiProvider(fakeFetch({ [BR]: { status: 404, body: { message: 'not found' } } })).lookup('01310100')).toBeNull();
  });
  it('treats an answer without city as a failure', async () => {
    await expect(brasilApiProvider(fakeFetch({ [BR]: { status: 200, body: { state: 'SP' } } })).lookup('01310100')).rejects.toThrow();
  });
});

/** The providers CEP_PROVIDERS / CEP_TIMEOUT_MS configure, as buildApp builds them. */
const fromEnv = (env: Record<string, string>, fetchFn?: FetchLike) => {
  const { cep } = loadConfig(env);
  return cepProviders(cep.providers, cep.timeoutMs, fetchFn);
};

describe('CEP_PROVIDERS and the chain', () => {
  it('builds the providers in the configured order: ViaCEP then BrasilAPI by default, none with `none`', () => {
    expect(fromEnv({}).map((p) => p.name)).toEqual(['viacep', 'brasilapi']);
    expect(fromEnv({ CEP_PROVIDERS: 'none' })).toEqual([]);
    expect(fromEnv({ CEP_PROVIDERS: ' viacep, BrasilAPI ' }).map((p) => p.name)).toEqual(['viacep', 'brasilapi']);
    expect(() => fromEnv({ CEP_PROVIDERS: 'correios' })).toThrow(/CEP_PROVIDERS/);
  });
  it('uses the second provider when the first is down', async () => {
    const f = fakeFetch({ [VIA]: 'throw', [BR]: { status: 200, body: { state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' } } });
    const providers = fromEnv({ CEP_PROVIDERS: 'viacep,brasilapi' }, f);
    const result = await lookupInChain(providers, '01310100');
    expect(result).toMatchObject({ status: 'found', provider: 'brasilapi', address: { cidade: 'São Paulo' } });
    expect(f.urls).toEqual([VIA, BR]);
  });
  it('is failed when every provider is down and not_found when one said so', async () => {
    const down = fromEnv({ CEP_PROVIDERS: 'viacep,brasilapi' }, fakeFetch({}));
    expect(await lookupInChain(down, '01310100')).toEqual({ status: 'failed' });
    const mixed = fromEnv({ CEP_PROVIDERS: 'viacep,brasilapi' }, fakeFetch({ [BR]: { status: 404 } }));
    expect(await lookupInChain(mixed, '01310100')).toEqual({ status: 'not_found' });
  });
});

describe('CEP_CACHE_DAYS', () => {
  it('defaults to 30 when unset or empty, and a value that is not a positive number stops the start', () => {
    expect(loadConfig({}).cep.cacheDays).toBe(30);
    expect(loadConfig({ CEP_CACHE_DAYS: '' }).cep.cacheDays).toBe(30);
    expect(loadConfig({ CEP_CACHE_DAYS: '7' }).cep.cacheDays).toBe(7);
    for (const bad of ['0', '-5', 'abc']) {
      expect(() => loadConfig({ CEP_CACHE_DAYS: bad })).toThrow(`a variável CEP_CACHE_DAYS deve ser um número maior que zero (recebido: ${bad}).`);
    }
  });
});
