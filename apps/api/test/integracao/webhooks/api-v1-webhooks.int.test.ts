import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_V1_MSG } from '@bg/domain';
import { createTestApp, type TestApp } from '../../harness.js';
import { novaChave, v1 } from '../support.js';

/**
 * The shop's webhooks by API key (issue 28, scope webhooks:manage): the same calls as
 * Administração > Webhooks under /api/v1, for the key's own shop only, POSTs idempotent.
 */
let t: TestApp;
let lojaA: Awaited<ReturnType<TestApp['userWithToken']>>;
let lojaB: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp({ webhooks: { privateUrls: true, timeoutMs: 2000, tickSeconds: 60, retryBaseSeconds: 0 } });
  lojaA = await t.userWithToken({ nivel: '1' });
  lojaB = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const post = (chave: string, url: string, payload: object, key = randomUUID()) => v1(t, chave, { method: 'POST', url, payload, headers: { 'idempotency-key': key } });

describe('/api/v1/webhooks', () => {
  it('needs the webhooks:manage scope', async () => {
    const semEscopo = await novaChave(t, lojaA.token, { empresa_id: lojaA.user.empresa_id!, escopos: ['boletos:read'] });
    const res = await v1(t, semEscopo.chave, { url: '/api/v1/webhooks' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/webhooks:manage|Gerenciar webhooks|escopo/i);
  });

  it('creates once per Idempotency-Key, lists, reads, schedules a test, and removes — the key’s own shop only', async () => {
    const k = await novaChave(t, lojaA.token, { empresa_id: lojaA.user.empresa_id!, escopos: ['webhooks:manage'] });
    const body = { empresa_id: lojaA.user.empresa_id!, url: 'https://erp.example.com/bg', eventos: ['boleto.pago'] };
    const key = randomUUID();
    const created = await post(k.chave, '/api/v1/webhooks', body, key);
    expect(created.statusCode, created.body).toBe(200);
    const { id, segredo } = created.json().data as { id: number; segredo: string };
    expect(segredo.length).toBeGreaterThan(20);
    // the same key and body: the stored answer, no second endpoint; another body: 409
    const replay = await post(k.chave, '/api/v1/webhooks', body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(id);
    const conflito = await post(k.chave, '/api/v1/webhooks', { ...body, url: 'https://outro.example.com/bg' }, key);
    expect(conflito.statusCode).toBe(409);
    expect(conflito.json().msg).toBe(API_V1_MSG.idempotenciaOutroCorpo);
    // without Idempotency-Key: 400
    expect((await v1(t, k.chave, { method: 'POST', url: '/api/v1/webhooks', payload: body })).statusCode).toBe(400);

    const lista = await v1(t, k.chave, { url: '/api/v1/webhooks' });
    expect(lista.statusCode).toBe(200);
    expect((lista.json().data as { id: number }[]).map((w) => w.id)).toEqual([id]);
    expect((await v1(t, k.chave, { url: `/api/v1/webhooks/${id}` })).json().data).toMatchObject({ id, url: body.url });
    const teste = await post(k.chave, `/api/v1/webhooks/${id}/teste`, {});
    expect(teste.statusCode, teste.body).toBe(200);
    expect((await v1(t, k.chave, { url: `/api/v1/webhooks/${id}/entregas` })).statusCode).toBe(200);

    // shop B's key never sees nor touches A's endpoint, nor creates one for A
    const kB = await novaChave(t, lojaB.token, { empresa_id: lojaB.user.empresa_id!, escopos: ['webhooks:manage'] });
    expect((await v1(t, kB.chave, { url: `/api/v1/webhooks/${id}` })).statusCode).toBe(404);
    expect((await v1(t, kB.chave, { method: 'DELETE', url: `/api/v1/webhooks/${id}` })).statusCode).toBe(404);
    expect((await v1(t, kB.chave, { url: '/api/v1/webhooks' })).json().data).toEqual([]);
    expect((await post(kB.chave, '/api/v1/webhooks', body)).statusCode).toBe(404);

    expect((await v1(t, k.chave, { method: 'DELETE', url: `/api/v1/webhooks/${id}` })).statusCode).toBe(200);
    expect((await v1(t, k.chave, { url: `/api/v1/webhooks/${id}` })).statusCode).toBe(404);
  });
});
