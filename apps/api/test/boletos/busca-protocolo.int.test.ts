/**
 * Boletos Garantidos search (issue 25): a protocol typed with its check digit, "20-5", finds that
 * guarantee's boletos only — not the people whose CPF contains "205". Typed without the digit the
 * text stays ambiguous and matches both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { completeCpf } from '@bg/domain';
import { garantia } from '../../src/db/schema/index.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { createTestApp, type TestApp } from '../harness.js';
import { ensureConta, releasedGarantia } from './support.js';

let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
  loja = await t.userWithToken();
});
afterAll(async () => t?.close());

const search = async (pesquisa: string) => {
  const res = await t.call({ method: 'GET', url: `/api/boleto/getAllPaginate?per_page=100&pesquisa=${encodeURIComponent(pesquisa)}`, token: loja.token });
  expect(res.statusCode, res.body).toBe(200);
  return new Set((res.json().data as { garantia_id: number }[]).map((b) => b.garantia_id));
};

describe('Boletos Garantidos search by protocol', () => {
  it('"id-digit" finds that guarantee only; "iddigit" also finds the CPFs containing it', async () => {
    const db = t.database.db;
    const empresaId = loja.user.empresa_id!;
    // a protocol of 3 digits or more with its check digit, like the "20-5" (a fresh database starts at 1)
    await db.execute(sql`select setval(pg_get_serial_sequence('garantia', 'id'), greatest(200, (select coalesce(max(id), 0) from garantia)))`);
    const { garantia: target } = await releasedGarantia(db, { empresa_id: empresaId, usuario_id: loja.user.id, parcelas: [1000] });
    await db.update(garantia).set({ digito: 5 }).where(eq(garantia.id, target.id));
    const typed = `${target.id}5`;
    // a debtor whose CPF contains the protocol's digits
    const lookalike = await createPessoa(db, { cpf_cnpj: completeCpf(`${typed}${'1'.repeat(9 - typed.length)}`) });
    const { garantia: other } = await releasedGarantia(db, { empresa_id: empresaId, usuario_id: loja.user.id, pessoa_id: lookalike.id, parcelas: [1000] });

    expect(await search(`${target.id}-5`)).toEqual(new Set([target.id]));
    expect(await search(`${target.id} - 5`)).toEqual(new Set([target.id]));
    expect(await search(`${target.id}-4`)).toEqual(new Set());
    const ambiguous = await search(typed);
    expect(ambiguous.has(other.id)).toBe(true);
    expect(await search(String(target.id))).toContain(target.id);
  });
});
