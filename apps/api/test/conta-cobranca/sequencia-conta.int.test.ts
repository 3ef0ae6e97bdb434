import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bankProfile, todayInSaoPaulo, type ContaCobrancaForm } from '@bg/domain';
import { allocateNossoNumero } from '../../src/modules/conta-cobranca/allocate-nosso-numero.js';
import { sequenceName } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { createCnabTestApp, post, type CnabTestApp } from '../cnab/support.js';

/**
 * A conta's nosso-número sequence (issue 30, decisions 124-126): where it starts and where it stops
 * are the engine profiles' (Sicredi's ano + byte + sequencial; the largest number the conta's layout
 * carries), and a Sicredi conta restarts at the new year's first number — once, whatever the
 * concurrency.
 */
const sicredi = bankProfile('748');
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());

const BENEFICIARIO = { nome: 'Boleto Garantido Serviços Financeiros Ltda', cnpj: '11222333000181', cep: '01310100', endereco: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', pix_chave: '' };
const SANTANDER: ContaCobrancaForm = { ...BENEFICIARIO, banco: '033', agencia: '3333', conta: '013000123-4', codigo_beneficiario: '1899775', carteira: '101' };
const SICREDI: ContaCobrancaForm = { ...BENEFICIARIO, banco: '748', agencia: '0710.65', conta: '00129', codigo_beneficiario: '00129', carteira: '1' };

async function criar(form: ContaCobrancaForm): Promise<{ id: number; banco: string }> {
  const res = await post(t, '/api/contaCobranca/create', t.admin.token, form);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function sequencia(contaId: number): Promise<{ start: string; max: string }> {
  const res = (await t.db.execute(sql`select start_value::text as start, max_value::text as max from pg_sequences where sequencename = ${sequenceName(contaId)}`)) as { rows: { start: string; max: string }[] };
  return res.rows[0];
}

describe('a conta’s nosso-número sequence', () => {
  it('stops at what its layout’s remessa carries: Santander CNAB 400 7 digits + DV, CNAB 240 12 digits', async () => {
    const c400 = await criar({ ...SANTANDER, layout_cnab: 400 });
    expect(await sequencia(c400.id)).toEqual({ start: '1', max: '9999999' });
    const c240 = await criar({ ...SANTANDER, layout_cnab: 240 });
    expect(await sequencia(c240.id)).toEqual({ start: '1', max: '999999999999' });
  });

  it('a Sicredi conta starts at the year’s first number (ano + byte 2 + 00001)', async () => {
    const conta = await criar(SICREDI);
    const first = sicredi.firstSequence!(todayInSaoPaulo());
    expect(await sequencia(conta.id)).toEqual({ start: String(first), max: '99999999' });
    expect(await t.db.transaction((tx) => allocateNossoNumero(tx, conta))).toBe(first);
    expect(await t.db.transaction((tx) => allocateNossoNumero(tx, conta))).toBe(first + 1);
  });

  it('restarts a Sicredi conta at the new year’s first number once, under concurrent allocations', async () => {
    const conta = await criar(SICREDI);
    const first = sicredi.firstSequence!(todayInSaoPaulo());
    // the conta numbered last year up to AA-1 200 041: the sequence is behind this year
    await t.db.execute(sql.raw(`select setval('${sequenceName(conta.id)}', ${first - 1_000_000 + 40})`));
    const numbers = await Promise.all(Array.from({ length: 12 }, () => t.db.transaction((tx) => allocateNossoNumero(tx, conta))));
    expect(new Set(numbers).size).toBe(12);
    expect(Math.min(...numbers)).toBe(first);
    expect(numbers.every((n) => n >= first && n < first + 100)).toBe(true);
  });

  it('refuses a number past the year’s last (byte 9, sequencial 99999), in Portuguese', async () => {
    const conta = await criar(SICREDI);
    const last = sicredi.lastSequence!(todayInSaoPaulo());
    await t.db.execute(sql.raw(`select setval('${sequenceName(conta.id)}', ${last})`));
    await expect(t.db.transaction((tx) => allocateNossoNumero(tx, conta))).rejects.toThrow('A sequência de nosso número desta conta de cobrança se esgotou neste ano; ela recomeça no próximo.');
  });
});
