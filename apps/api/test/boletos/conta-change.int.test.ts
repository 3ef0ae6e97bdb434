import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoleto, parseDigitableLine, todayInSaoPaulo, type ContaCobrancaInput } from '@bg/domain';
import { boletoX } from '../../src/db/schema/boleto-extra.js';
import { boleto } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { CAIXA_DEMO, pdfText, releasedGarantia } from './support.js';

/**
 * Changing the account's bank fields replaces the single active conta de cobrança, which every
 * other test relies on; every test app has a database of its own (test/harness.ts), so no other file sees it.
 */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken();
});
afterAll(async () => t?.close());

/** Banco do Brasil, 7-digit convênio (the domain's reference case), carteira 18. */
const BB_CONVENIO7: ContaCobrancaInput = { ...CAIXA_DEMO, banco: '001', agencia: '4042', conta: null, codigo_beneficiario: '1238798', carteira: '18' };

const save = (payload: ContaCobrancaInput) =>
  t.call({ method: 'POST', url: '/api/contaCobranca/save', token: admin.token, payload: { ...payload, conta: payload.conta ?? '', pix_chave: payload.pix_chave ?? '' } });

/** The stored numbers of some boletos and the account each was numbered under. */
async function stored(ids: number[]) {
  const rows = await t.database.db
    .select({ id: boleto.id, nosso_numero: boleto.nosso_numero, codigo_barras: boleto.codigo_barras, linha: boleto.linha_digitavel, conta: boletoX.conta_cobranca_id })
    .from(boleto)
    .innerJoin(boletoX, eq(boletoX.id, boleto.id))
    .where(inArray(boleto.id, ids))
    .orderBy(boleto.id);
  return rows;
}

async function printed(id: number): Promise<string> {
  const res = await t.call({ method: 'GET', url: `/api/boleto/getBoleto/${id}`, token: loja.token });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return pdfText(res.rawPayload);
}

describe('changing the conta de cobrança', () => {
  it('keeps the account when only name, address or Pix key change', async () => {
    const first = await save(CAIXA_DEMO);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ nova: true });
    const id = first.json().data.id;
    const edited = await save({ ...CAIXA_DEMO, nome: 'Boleto Garantido Cobrança Ltda', endereco: 'Rua Augusta', numero: '500', pix_chave: '+5511988887777' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ id, nova: false, conta: { nome: 'Boleto Garantido Cobrança Ltda', pix_chave: '+5511988887777' } });
    const current = (await t.call({ method: 'GET', url: '/api/contaCobranca/get', token: admin.token })).json().data;
    expect(current).toMatchObject({ id, banco: '104', endereco: 'Rua Augusta', numero: '500' });
  });

  it('a change of bank creates a new account with its own sequence; old boletos keep printing with the old one', async () => {
    const contaA = (await t.call({ method: 'GET', url: '/api/contaCobranca/get', token: admin.token })).json().data;
    const g1 = await releasedGarantia(t.database.db, {
      empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [10000, 20000], primeiroVencimento: '2026-12-20',
    });
    const ids1 = g1.boletos.map((b) => b.id);
    const before = await stored(ids1);
    expect(before.map((b) => [b.conta, b.nosso_numero])).toEqual([[contaA.id, 1], [contaA.id, 2]]);
    // conta A's barcode: Caixa SIGCB with A's agência / beneficiário / carteira
    const expectedA = buildBoleto({ bank: '104', agency: contaA.agencia, beneficiaryCode: contaA.codigo_beneficiario, wallet: contaA.carteira, ourNumber: 1, amountCents: 10000, dueDate: '2026-12-20' });
    expect(before[0]).toMatchObject({ codigo_barras: expectedA.barcode, linha: expectedA.digitableLine });

    const res = await save(BB_CONVENIO7);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ nova: true, conta: { banco: '001', codigo_beneficiario: '1238798' } });
    const contaB = res.json().data.id;
    expect(contaB).not.toBe(contaA.id);
    expect((await t.call({ method: 'GET', url: '/api/contaCobranca/get', token: admin.token })).json().data).toMatchObject({ id: contaB, boletos_emitidos: 0 });

    const g2 = await releasedGarantia(t.database.db, {
      empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [30000], primeiroVencimento: '2026-12-21',
    });
    const [b2] = await stored([g2.boletos[0].id]);
    expect(b2).toMatchObject({ conta: contaB, nosso_numero: 1 }); // B's own sequence starts at 1
    expect(parseDigitableLine(b2.linha!, todayInSaoPaulo())).toMatchObject({ bank: '001', amountCents: 30000, dueDate: '2026-12-21' });

    // both print; the old boleto still carries conta A's numbers (printing does not renumber it under B)
    const text1 = await printed(ids1[0]);
    const text2 = await printed(b2.id);
    expect(text1).toContain(before[0].linha);
    expect(text1).toContain('104-0');
    expect(text2).toContain(b2.linha);
    expect(text2).toContain('001-9');
    expect(await stored(ids1)).toEqual(before);
    expect(parseDigitableLine(before[0].linha!, todayInSaoPaulo())).toMatchObject({ bank: '104', amountCents: 10000 });

    const audit = await t.call({ method: 'GET', url: '/api/auditoria/getAllPaginate?entity=conta_cobranca&per_page=50', token: admin.token });
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().data as { action: string; entity_id: string; summary: Record<string, unknown> }[];
    expect(entries.find((e) => e.entity_id === String(contaB))).toMatchObject({
      action: 'contaCobranca.create', summary: { banco: '001', codigo_beneficiario: '1238798', substitui: contaA.id },
    });
    expect(entries.filter((e) => e.entity_id === String(contaA.id)).map((e) => e.action).sort()).toEqual(['contaCobranca.create', 'contaCobranca.update']);
  });
});
