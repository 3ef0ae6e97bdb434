import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCepCache } from '../../src/factories/cadastros.js';
import { cepCache } from '../../src/db/schema/index.js';
import { lookupCep } from '../../src/modules/cep/lookup-cep.js';
import { viaCepProvider, type CepProvider, type FetchLike } from '../../src/adapters/cep/cep-provider.js';
import { createTestApp, type TestApp } from '../harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userWithToken()).token;
});
afterAll(async () => t?.close());

describe('GET /api/cep/{cep} (the test suite: cache only)', () => {
  it('never reaches the internet: vitest.config.ts turns the default online providers off', () => {
    // the app's own default is ViaCEP then BrasilAPI (config.test.ts); the suite runs with CEP_PROVIDERS=none
    expect(t.config.cep.providers).toEqual([]);
  });

  it('answers a cached address', async () => {
    await createCepCache(t.database.db, { cep: '88010000', endereco: 'Rua Felipe Schmidt', complemento: '', bairro: 'Centro', cidade: 'Florianópolis', uf: 'SC' });
    const res = await t.call({ method: 'GET', url: '/api/cep/88010-000', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      msg: 'ok',
      data: { cep: '88010000', endereco: 'Rua Felipe Schmidt', complemento: '', bairro: 'Centro', cidade: 'Florianópolis', uf: 'SC' },
    });
  });

  it('answers 404 for a CEP not in the cache and 422 for an invalid one', async () => {
    const miss = await t.call({ method: 'GET', url: '/api/cep/69999999', token });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ status: 404, msg: 'CEP não encontrado.' });
    for (const bad of ['123', '00000000', 'abcdefgh']) {
      const res = await t.call({ method: 'GET', url: `/api/cep/${bad}`, token });
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('Digite um CEP válido!');
    }
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/cep/01310100' })).statusCode).toBe(401);
  });
});

describe('lookupCep with providers', () => {
  const address = { cep: '69005010', endereco: 'Rua Marcílio Dias', complemento: '', bairro: 'Centro', cidade: 'Manaus', uf: 'AM' };
  const down: CepProvider = { name: 'down', lookup: async () => { throw new Error('offline'); } };
  const unknown: CepProvider = { name: 'unknown', lookup: async () => null };

  it('falls through a failing provider, caches the answer and serves it from the cache next time', async () => {
    let calls = 0;
    const good: CepProvider = { name: 'good', lookup: async () => { calls++; return address; } };
    const errors: string[] = [];
    const found = await lookupCep({ db: t.database.db, providers: [down, good], onProviderError: (p) => errors.push(p) }, '69005-010');
    expect(found).toEqual(address);
    expect(errors).toEqual(['down']);
    const [row] = await t.database.db.select().from(cepCache).where(eq(cepCache.cep, '69005010'));
    expect(row).toMatchObject({ logradouro: 'Rua Marcílio Dias', cidade: 'Manaus', uf: 'AM', provider: 'good' });
    await lookupCep({ db: t.database.db, providers: [good] }, '69005010');
    expect(calls).toBe(1);
  });

  it('answers not found when the providers that answered do not know it, unavailable when none answered', async () => {
    await expect(lookupCep({ db: t.database.db, providers: [down, unknown] }, '69005999')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'CEP não encontrado.' });
    await expect(lookupCep({ db: t.database.db, providers: [down] }, '69005999')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('cache expiry (CEP_CACHE_DAYS)', () => {
  const DAY = 24 * 3600 * 1000;
  const old = { cep: '80010000', endereco: 'Praça Tiradentes', complemento: '', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR' };
  const renamed = { ...old, endereco: 'Praça Tiradentes (renomeada)', bairro: 'Centro Histórico' };

  /** Puts the CEP in the cache as fetched `days` days ago. */
  async function cachedDaysAgo(days: number) {
    await createCepCache(t.database.db, old);
    await t.database.db.update(cepCache).set({ fetched_at: new Date(Date.now() - days * DAY) }).where(eq(cepCache.cep, old.cep));
  }
  const row = async () => (await t.database.db.select().from(cepCache).where(eq(cepCache.cep, old.cep)))[0]!;
  function counting(answer: () => Promise<typeof old | null>): CepProvider & { calls: number } {
    const p = { name: 'counting', calls: 0, lookup: async () => { p.calls++; return answer(); } };
    return p;
  }

  it('a fresh hit does not call the providers', async () => {
    await cachedDaysAgo(29);
    const provider = counting(async () => renamed);
    expect(await lookupCep({ db: t.database.db, providers: [provider], cacheDays: 30 }, old.cep)).toEqual(old);
    expect(provider.calls).toBe(0);
  });

  it('a stale hit asks the providers (injected fetch) and refreshes the data and fetched_at', async () => {
    await cachedDaysAgo(31);
    const before = (await row()).fetched_at.getTime();
    const urls: string[] = [];
    const fetchFn: FetchLike = async (url) => {
      urls.push(url);
      return { status: 200, ok: true, json: async () => ({ logradouro: renamed.endereco, complemento: '', bairro: renamed.bairro, localidade: 'Curitiba', uf: 'PR' }) };
    };
    const stale: string[] = [];
    const found = await lookupCep({ db: t.database.db, providers: [viaCepProvider(fetchFn)], cacheDays: 30, onStaleServed: (c) => stale.push(c) }, '80010-000');
    expect(found).toEqual(renamed);
    expect(urls).toEqual(['https://viacep.com.br/ws/80010000/json/']);
    expect(stale).toEqual([]);
    const after = await row();
    expect(after).toMatchObject({ logradouro: renamed.endereco, bairro: renamed.bairro, provider: 'viacep' });
    expect(after.fetched_at.getTime()).toBeGreaterThan(before + 30 * DAY);
    // Now fresh again: the next lookup stays in the cache.
    const provider = counting(async () => old);
    expect(await lookupCep({ db: t.database.db, providers: [provider], cacheDays: 30 }, old.cep)).toEqual(renamed);
    expect(provider.calls).toBe(0);
  });

  it('a stale hit with every provider failing answers the cached row and warns', async () => {
    await cachedDaysAgo(400);
    const before = (await row()).fetched_at.getTime();
    const down = counting(async () => { throw new Error('offline'); });
    const errors: string[] = [];
    const stale: string[] = [];
    const found = await lookupCep(
      { db: t.database.db, providers: [down, down], cacheDays: 30, onProviderError: (p) => errors.push(p), onStaleServed: (c) => stale.push(c) },
      old.cep,
    );
    expect(found).toEqual(old);
    expect(down.calls).toBe(2);
    expect(errors).toEqual(['counting', 'counting']);
    expect(stale).toEqual([old.cep]);
    // The row is left as it was, so the next lookup tries the providers again.
    expect((await row()).fetched_at.getTime()).toBe(before);
  });

  it('a smaller CEP_CACHE_DAYS makes a younger row stale', async () => {
    await cachedDaysAgo(3);
    const provider = counting(async () => renamed);
    expect(await lookupCep({ db: t.database.db, providers: [provider], cacheDays: 2 }, old.cep)).toEqual(renamed);
    expect(provider.calls).toBe(1);
  });

  it('the offline default (no providers) answers a row of any age, through the route', async () => {
    await cachedDaysAgo(3650);
    const res = await t.call({ method: 'GET', url: '/api/cep/80010000', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(old);
    expect(await lookupCep({ db: t.database.db, providers: [], cacheDays: 1 }, old.cep)).toEqual(old);
  });
});
