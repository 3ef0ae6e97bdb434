/**
 * Issue 25 / decision 111: a shop repeating the lookup of one document within 30 minutes (a reload
 * of the wizard, a second tab, a double click) is billed once — one consulta_documento row, one
 * ledger charge — also when the repeats race; another shop, or a lookup after the window, is billed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { consultaDocumento, cpfSuspeito, ledgerTransaction } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { newCpf } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const lookup = (documento: string, token: string) => t.call({ method: 'POST', url: '/api/garantia/consultaDocumento', payload: { documento }, token });
const rowsOf = (doc: string, empresaId: number) =>
  t.database.db.select().from(consultaDocumento).where(and(eq(consultaDocumento.cpf_cnpj, doc), eq(consultaDocumento.empresa_id, empresaId))).orderBy(consultaDocumento.id);
async function chargesOf(doc: string, empresaId: number) {
  const rows = await rowsOf(doc, empresaId);
  const charges = await Promise.all(rows.map((r) => t.database.db.select().from(ledgerTransaction).where(and(eq(ledgerTransaction.kind, 'consulta'), eq(ledgerTransaction.consulta_id, r.id)))));
  return charges.flat();
}

describe('a repeated lookup within 30 minutes', () => {
  it('reuses the billed consulta: one row (repeats counted on it), one charge; the answer is computed again', async () => {
    const loja = await t.userWithToken({ nivel: '1' });
    const empresaId = loja.user.empresa_id!;
    const doc = newCpf();
    const first = await lookup(doc, loja.token);
    expect(first.statusCode).toBe(200);
    const again = await lookup(doc, loja.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await rowsOf(doc, empresaId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ repeticoes: 1 });
    expect(rows[0].ultima_repeticao_em).toBeInstanceOf(Date);
    const charges = await chargesOf(doc, empresaId);
    expect(charges).toHaveLength(1);
    expect(charges[0].total_cents).toBe(350);
  });

  it('another user of the same shop reuses it too; another shop is billed its own', async () => {
    const a = await t.userWithToken({ nivel: '1' });
    const colleague = await t.userWithToken({ nivel: '1', empresa_id: a.user.empresa_id });
    const other = await t.userWithToken({ nivel: '1' });
    const doc = newCpf();
    expect((await lookup(doc, a.token)).statusCode).toBe(200);
    expect((await lookup(doc, colleague.token)).statusCode).toBe(200);
    expect((await lookup(doc, other.token)).statusCode).toBe(200);
    expect(await chargesOf(doc, a.user.empresa_id!)).toHaveLength(1);
    expect(await chargesOf(doc, other.user.empresa_id!)).toHaveLength(1);
  });

  it('after 30 minutes the lookup is recorded and billed again', async () => {
    const loja = await t.userWithToken({ nivel: '1' });
    const empresaId = loja.user.empresa_id!;
    const doc = newCpf();
    expect((await lookup(doc, loja.token)).statusCode).toBe(200);
    await t.database.db.execute(sql`update consulta_documento set created_at = now() - interval '31 minutes' where cpf_cnpj = ${doc} and empresa_id = ${empresaId}`);
    expect((await lookup(doc, loja.token)).statusCode).toBe(200);
    expect(await rowsOf(doc, empresaId)).toHaveLength(2);
    expect(await chargesOf(doc, empresaId)).toHaveLength(2);
  });

  it('a refused lookup (restricted document) is billed once as well', async () => {
    const loja = await t.userWithToken({ nivel: '1' });
    const empresaId = loja.user.empresa_id!;
    const doc = newCpf();
    await t.database.db.insert(cpfSuspeito).values({ cpf_cnpj: doc, motivo: 'Fraude' });
    const first = await lookup(doc, loja.token);
    expect(first.json().status).toBe(900);
    expect((await lookup(doc, loja.token)).json().status).toBe(900);
    expect(await chargesOf(doc, empresaId)).toHaveLength(1);
  });

  it('racing repeats are billed once', async () => {
    const loja = await t.userWithToken({ nivel: '1' });
    const empresaId = loja.user.empresa_id!;
    const doc = newCpf();
    const results = await Promise.all(Array.from({ length: 6 }, () => lookup(doc, loja.token)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const rows = await rowsOf(doc, empresaId);
    expect(rows).toHaveLength(1);
    expect(rows[0].repeticoes).toBe(5);
    expect(await chargesOf(doc, empresaId)).toHaveLength(1);
  });
});
