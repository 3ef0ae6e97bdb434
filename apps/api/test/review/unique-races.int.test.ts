import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { completeCnpj } from '@bg/domain';
import { empresa, usuario } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';

// Two identical creations at the same moment: one wins, the other gets a 4xx (the use-case's own
// check or, when both pass it, the unique index mapped to 409) — never a 500, never two rows.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

const statuses = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();

describe('concurrent duplicate creations', () => {
  it('empresa with one CNPJ', async () => {
    const cnpj = completeCnpj(`${String(Date.now()).slice(-8)}0001`);
    const payload = { cnpj, razao: 'Corrida Ltda', fantasia: 'Corrida', cep: '01310100', endereco: 'Avenida Paulista', numero: '1', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };
    const results = await Promise.all([1, 2, 3].map(() => t.call({ method: 'POST', url: '/api/empresa/create', token: admin, payload })));
    const codes = statuses(results);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || (c >= 400 && c < 500))).toBe(true);
    expect(await t.database.db.select().from(empresa).where(eq(empresa.cnpj, cnpj))).toHaveLength(1);
  });

  it('usuario with one login', async () => {
    const login = `corrida${Date.now() % 1_000_000}`;
    const payload = { name: 'Corrida', login, password: 'senha12345', email: null, nivel: '2', empresa_id: null };
    const results = await Promise.all([1, 2, 3].map(() => t.call({ method: 'POST', url: '/api/usuario/create', token: admin, payload })));
    const codes = statuses(results);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || (c >= 400 && c < 500))).toBe(true);
    expect(await t.database.db.select().from(usuario).where(eq(usuario.login, login))).toHaveLength(1);
  });
});
