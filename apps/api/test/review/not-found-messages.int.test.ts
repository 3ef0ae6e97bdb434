import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';

/**
 * Defect 8 of issue 10: "Empresa não encontrado." — every 404 a screen can show agrees in gender
 * with the entity it names.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

describe('not-found messages through the API', () => {
  it.each([
    ['GET', `/api/empresa/getById/${MAX_ID}`, 'Empresa não encontrada.'],
    ['GET', `/api/pessoa/getById/${MAX_ID}`, 'Pessoa não encontrada.'],
    ['GET', `/api/garantia/getById/${MAX_ID}`, 'Garantia não encontrada.'],
    ['GET', `/api/boleto/getById/${MAX_ID}`, 'Boleto não encontrado.'],
    ['GET', `/api/usuario/getById/${MAX_ID}`, 'Usuário não encontrado.'],
    ['DELETE', `/api/pessoa/deletaTelefone/${MAX_ID}`, 'Telefone não encontrado.'],
    ['POST', `/api/cpfSuspeito/delete/${MAX_ID}`, 'CPF suspeito não encontrado.'],
    ['GET', `/api/boleto/getComprovante/${'A'.repeat(43)}`, 'Comprovante não encontrado.'],
  ])('%s %s → %s', async (method, url, msg) => {
    const res = await t.call({ method: method as 'GET', url, token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, msg });
  });
});
