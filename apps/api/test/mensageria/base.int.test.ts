import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../test-database.js';
import { canalRecusado, pessoasQueRecusaram, registrarConsentimento } from '../../src/modules/mensagem/consentimento.js';
import { criarCodigoPagador, PAGADOR_LINK_DIAS, pessoaDoCodigoPagador } from '../../src/modules/pagador/link-pagador.js';

// Migration 0153: consent history and the payer page's codes, on the database itself.
let t: TestDatabase;
let pessoaA: number;
let pessoaB: number;

beforeAll(async () => {
  t = await openTestDatabase();
  const db = t.database.db;
  const ins = async (doc: string) =>
    Number(((await db.execute(sql`insert into pessoa (tipo_pessoa, cpf_cnpj, nome_razao) values ('F', ${doc}, 'Pessoa de teste') returning id`)) as { rows: { id: number }[] }).rows[0].id);
  pessoaA = await ins('52998224725');
  pessoaB = await ins('11144477735');
});
afterAll(() => t?.drop());

describe('consent per person and channel', () => {
  it('no row: not opted out; the latest choice wins; channels are apart', async () => {
    const db = t.database.db;
    expect(await canalRecusado(db, pessoaA, 'whatsapp')).toBe(false);
    await registrarConsentimento(db, { pessoaId: pessoaA, channel: 'whatsapp', aceito: false, origem: 'whatsapp', detalhe: 'SAIR' });
    expect(await canalRecusado(db, pessoaA, 'whatsapp')).toBe(true);
    expect(await canalRecusado(db, pessoaA, 'email')).toBe(false);
    expect([...(await pessoasQueRecusaram(db, [pessoaA, pessoaB], 'whatsapp'))]).toEqual([pessoaA]);
    await registrarConsentimento(db, { pessoaId: pessoaA, channel: 'whatsapp', aceito: true, origem: 'operador' });
    expect(await canalRecusado(db, pessoaA, 'whatsapp')).toBe(false);
    expect((await pessoasQueRecusaram(db, [pessoaA, pessoaB], 'whatsapp')).size).toBe(0);
  });
});

describe('payer page codes', () => {
  it('open the person for 7 days, in any typing, and nothing after', async () => {
    const db = t.database.db;
    const now = new Date('2026-11-27T12:00:00Z');
    const { codigo, expiresAt } = await criarCodigoPagador(db, pessoaB, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(PAGADOR_LINK_DIAS * 86_400_000);
    expect(await pessoaDoCodigoPagador(db, codigo, now)).toBe(pessoaB);
    expect(await pessoaDoCodigoPagador(db, `${codigo.slice(0, 5).toLowerCase()}-${codigo.slice(5)}`, now)).toBe(pessoaB);
    expect(await pessoaDoCodigoPagador(db, codigo, new Date(expiresAt.getTime() + 1))).toBeNull();
    expect(await pessoaDoCodigoPagador(db, 'ABCDE-FGHJK', now)).toBeNull();
    const stored = (await db.execute(sql`select codigo_hash from pagador_link`)) as { rows: { codigo_hash: string }[] };
    expect(stored.rows.map((r) => r.codigo_hash)).not.toContain(codigo);
  });
});
