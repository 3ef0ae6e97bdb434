import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { completeCpf } from '@bg/domain';
import { auditLog } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

describe('CPFs Suspeitos', () => {
  it('adds (once), lists, searches and removes, auditing each change', async () => {
    const cpf = completeCpf(String(100000000 + (Date.now() % 800000000)));
    const add = await t.call({ method: 'POST', url: '/api/cpfSuspeito/create', token: admin, payload: { cpf_cnpj: cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'), motivo: 'Documento com indício de fraude' } });
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id;
    const dup = await t.call({ method: 'POST', url: '/api/cpfSuspeito/create', token: admin, payload: { cpf_cnpj: cpf, motivo: 'de novo' } });
    expect(dup.statusCode).toBe(409);
    const list = (await t.call({ method: 'GET', url: '/api/cpfSuspeito/getAllPaginate', token: admin, query: { pesquisa: cpf } })).json();
    expect(list.data).toEqual([{ id, cpf_cnpj: cpf, motivo: 'Documento com indício de fraude', usuario: expect.any(String), created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/) }]);
    expect((await t.call({ method: 'POST', url: `/api/cpfSuspeito/delete/${id}`, token: admin })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/cpfSuspeito/delete/${id}`, token: admin })).statusCode).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'cpf_suspeito'), eq(auditLog.entity_id, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['cpfSuspeito.create', 'cpfSuspeito.delete']);
    expect(audits[1].summary).toMatchObject({ cpf_cnpj: cpf });
  });

  it('validates the input and is for administradores only', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/cpfSuspeito/create', token: admin, payload: { cpf_cnpj: '123', motivo: '' } });
    expect(bad.json().errors).toEqual({ cpf_cnpj: 'Informe um CPF/CNPJ válido!', motivo: 'Campo obrigatório' });
    const { token } = await t.userWithToken({ nivel: '3' });
    expect((await t.call({ method: 'GET', url: '/api/cpfSuspeito/getAllPaginate', token })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/cpfSuspeito/create', token, payload: { cpf_cnpj: completeCpf('529982247'), motivo: 'x' } })).statusCode).toBe(403);
  });
});
