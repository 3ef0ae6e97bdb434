import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';
import { CAIXA_DEMO, ensureConta } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
});
afterAll(async () => t?.close());

describe('conta de cobrança', () => {
  it('is for administradores only', async () => {
    const loja = await t.userWithToken();
    expect((await t.call({ method: 'GET', url: '/api/contaCobranca/get', token: loja.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/contaCobranca/save', token: loja.token, payload: CAIXA_DEMO })).statusCode).toBe(403);
  });

  it('answers field messages for an invalid account', async () => {
    const admin = await t.userWithToken({ nivel: '2' });
    const res = await t.call({ method: 'POST', url: '/api/contaCobranca/save', token: admin.token, payload: { ...CAIXA_DEMO, carteira: 'ZZ', nome: '', cnpj: '123' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ nome: 'Campo obrigatório', cnpj: 'Informe um CNPJ válido!' });
    expect(res.json().errors.carteira).toMatch(/Carteira Caixa inválida/);
  });

  it('edits the descriptive fields in place, keeping the account and its sequence', async () => {
    const admin = await t.userWithToken({ nivel: '2' });
    const before = (await t.call({ method: 'GET', url: '/api/contaCobranca/get', token: admin.token })).json().data;
    const res = await t.call({
      method: 'POST', url: '/api/contaCobranca/save', token: admin.token,
      payload: { ...before, conta: before.conta ?? '', pix_chave: before.pix_chave ?? '', bairro: 'Cerqueira César' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: before.id, nova: false });
    const after = (await t.call({ method: 'GET', url: '/api/contaCobranca/get', token: admin.token })).json().data;
    expect(after).toMatchObject({ id: before.id, bairro: 'Cerqueira César', banco: before.banco });
  });
});
