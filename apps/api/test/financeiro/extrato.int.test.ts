import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDateBR, servicoDraft } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { postTransaction } from '../../src/modules/ledger/post-transaction.js';
import { garantidos, loja, today } from '../ledger/support.js';
import { get, pdfText, post } from './support.js';

/**
 * Financeiro > Extrato (issue 24): a shop's movements from the ledger with the running balance,
 * the opening and closing balances across a period boundary, keyset pages, tenancy, CSV and PDF;
 * the repasse that pays it, refused above what it is owed.
 *
 * The shop's history (dates relative to today, so the repasse is never in the future):
 *   d45  mensalidade            −50,00   → −50,00  (before the period)
 *   d20  boleto paid at bank   +320,50   → 270,50  (R$ 330,00 paid: the R$ 9,50 of encargos are revenue, not the shop's)
 *   d10  mensalidade            −50,00   → 220,50
 *   d5   repasse               −200,00   →  20,50  (R$ 100,00 it owed netted, R$ 200,00 transferred)
 */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let A: Awaited<ReturnType<typeof loja>>;
let B: Awaited<ReturnType<typeof loja>>;
let boletoId: number;
let garantiaId: number;
const d45 = addDays(today, -45);
const d20 = addDays(today, -20);
const d10 = addDays(today, -10);
const d5 = addDays(today, -5);
const periodo = { de: addDays(today, -30), ate: addDays(today, -8) };

const mensalidade = (empresaId: number, occurredOn: string) =>
  t.database.db.transaction(async (tx) => {
    await postTransaction(tx, servicoDraft({ kind: 'mensalidade', empresaId, mes: occurredOn.slice(0, 7), valorCents: 5000, occurredOn })!);
  });

const extrato = (token: string, q: Record<string, string | number>) => get(t, `/api/financeiro/getExtrato?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  A = await loja(t);
  B = await loja(t);
  await mensalidade(A.empresa.id, d45);
  const g = await garantidos(t, A, [32050]);
  boletoId = g.boletos[0].id;
  garantiaId = g.garantia.id;
  await t.database.db.transaction((tx) =>
    changeSituacao(tx, boletoId, 'liquidar', { id: null, ip: null }, 'retorno', {}, { pagamento: { paidCents: 33000, feeCents: 0, occurredOn: d20 } }),
  );
  await mensalidade(A.empresa.id, d10);
});
afterAll(async () => t?.close());

describe('a repasse', () => {
  it('above what the shop is owed is refused in Portuguese, and nothing is posted', async () => {
    const res = await post(t, '/api/razao/registrarRepasse', admin.token, { empresa_id: A.empresa.id, data: d5, valor: 250, referencia: 'TED 1', chave: 'extrato-teste-maior' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toBe('O valor do repasse (R$ 250,00) é maior que o saldo a repassar à loja (R$ 220,50).');
    const saldos = (await get(t, `/api/financeiro/getSaldosLojas?pesquisa=${encodeURIComponent(A.empresa.fantasia)}`, admin.token)).json();
    expect(saldos.data).toEqual([
      { empresa_id: A.empresa.id, fantasia: A.empresa.fantasia, razao: A.empresa.razao, a_pagar: 320.5, a_receber: 100, a_repassar: 220.5, antecipacoes_a_recuperar: 0 },
    ]);
  });

  it('up to what it is owed is posted: listed in Repasses and its CSV, and the shop owes nothing any more', async () => {
    const res = await post(t, '/api/razao/registrarRepasse', admin.token, { empresa_id: A.empresa.id, data: d5, valor: 200, referencia: 'TED 123', chave: 'extrato-teste-ok' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ valor: 200, compensado: 100 });
    const list = (await get(t, `/api/financeiro/getRepasses?empresa_id=${A.empresa.id}`, admin.token)).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ empresa_id: A.empresa.id, fantasia: A.empresa.fantasia, data: d5, valor: 200, compensado: 100, referencia: 'TED 123', usuario: admin.user.name });
    const outside = (await get(t, `/api/financeiro/getRepasses?empresa_id=${A.empresa.id}&ate=${d10}`, admin.token)).json();
    expect(outside.total).toBe(0);
    const csv = await get(t, `/api/financeiro/getRepassesCsv?empresa_id=${A.empresa.id}`, admin.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Nº;Data;Loja;Valor;Compensado;Referência bancária;Observação;Registrado por;Registrado em');
    expect(lines[1]).toMatch(new RegExp(`^\\d+;${formatDateBR(d5)};${A.empresa.fantasia};200,00;100,00;TED 123;;${admin.user.name};`));
    const saldos = (await get(t, `/api/financeiro/getSaldosLojas?somente_a_repassar=N&pesquisa=${encodeURIComponent(A.empresa.fantasia)}`, admin.token)).json();
    expect(saldos.data[0]).toMatchObject({ a_pagar: 20.5, a_receber: 0, a_repassar: 20.5 });
  });
});

describe('the Extrato', () => {
  it('opens with the balance before the period and runs through it to the closing balance', async () => {
    const res = await extrato(A.token, periodo);
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    expect(e.empresa).toMatchObject({ id: A.empresa.id, fantasia: A.empresa.fantasia });
    expect(e.inicial).toEqual({ a_pagar: 0, a_receber: 50, saldo: -50 });
    expect(e.final).toEqual({ a_pagar: 320.5, a_receber: 100, saldo: 220.5 });
    expect(e.saldo_anterior).toBe(-50);
    expect(e.proximo).toBeNull();
    expect(e.data.map((m: { data: string; tipo: string; debito: number; credito: number; saldo: number }) => [m.data, m.tipo, m.debito, m.credito, m.saldo])).toEqual([
      [d20, 'liquidacao', 0, 320.5, 270.5],
      [d10, 'mensalidade', 50, 0, 220.5],
    ]);
    expect(e.data[0].boleto).toEqual({ id: boletoId, garantia_id: garantiaId, garantia_digito: expect.any(Number), parcela: 1 });
    // named as the screens name a boleto: its guarantee's protocol and the parcela, not the boleto's own id
    expect(e.data[0].descricao).toBe(`Boleto ${garantiaId}-${e.data[0].boleto.garantia_digito}/1 pago no banco`);
  });

  it('shows the repasse paid once, as the amount transferred (what it owed netted inside it)', async () => {
    const e = (await extrato(A.token, { de: periodo.de, ate: today })).json();
    const repasse = e.data.at(-1);
    expect(repasse).toMatchObject({ data: d5, tipo: 'repasse', debito: 200, credito: 0, saldo: 20.5 });
    expect(repasse.repasse_id).toEqual(expect.any(Number));
    expect(e.data.filter((m: { tipo: string }) => m.tipo === 'repasse')).toHaveLength(1);
    expect(e.final.saldo).toBe(20.5);
  });

  it('pages by keyset: the next page starts from the balance the previous one ended with', async () => {
    const first = (await extrato(A.token, { ...periodo, per_page: 1 })).json();
    expect(first.data).toHaveLength(1);
    expect(first.data[0].saldo).toBe(270.5);
    expect(first.proximo).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
    const second = (await extrato(A.token, { ...periodo, per_page: 1, apos: first.proximo })).json();
    expect(second.saldo_anterior).toBe(270.5);
    expect(second.data.map((m: { tipo: string; saldo: number }) => [m.tipo, m.saldo])).toEqual([['mensalidade', 220.5]]);
    expect(second.proximo).toBeNull();
  });

  it('refuses a period that ends before it starts, and a cursor outside the period', async () => {
    const inverted = await extrato(A.token, { de: periodo.ate, ate: periodo.de });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().errors.ate).toBe('A data final deve ser igual ou posterior à inicial.');
    const cursor = await extrato(A.token, { ...periodo, apos: `${today}.1` });
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().msg).toBe('Posição do extrato inválida. Abra o extrato de novo.');
  });

  it('is the shop’s own: another shop gets 404, a franqueado reads its franchisee, an administrador must pick the shop', async () => {
    expect((await extrato(A.token, periodo)).json().empresa.id).toBe(A.empresa.id);
    const other = await extrato(B.token, { ...periodo, empresa_id: A.empresa.id });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(A.empresa.fantasia);
    expect((await get(t, `/api/financeiro/getExtratoCsv?de=${periodo.de}&ate=${periodo.ate}&empresa_id=${A.empresa.id}`, B.token)).statusCode).toBe(404);
    expect((await get(t, `/api/financeiro/getExtratoPdf?de=${periodo.de}&ate=${periodo.ate}&empresa_id=${A.empresa.id}`, B.token)).statusCode).toBe(404);
    // B's own statement has none of A's movements
    expect((await extrato(B.token, periodo)).json().data).toEqual([]);

    const franquia = await createEmpresa(t.database.db);
    const filha = await createEmpresa(t.database.db, { franqueado_id: franquia.id });
    const franqueado = await t.userWithToken({ nivel: '3', empresa_id: franquia.id });
    expect((await extrato(franqueado.token, { ...periodo, empresa_id: filha.id })).statusCode).toBe(200);
    expect((await extrato(franqueado.token, { ...periodo, empresa_id: A.empresa.id })).statusCode).toBe(404);

    const semLoja = await extrato(admin.token, periodo);
    expect(semLoja.statusCode).toBe(422);
    expect(semLoja.json().msg).toBe('Escolha a loja do extrato.');
    expect((await extrato(admin.token, { ...periodo, empresa_id: A.empresa.id })).json().final.saldo).toBe(220.5);
  });

  it('exports the same statement as CSV', async () => {
    const res = await get(t, `/api/financeiro/getExtratoCsv?de=${periodo.de}&ate=${periodo.ate}`, A.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`extrato-${A.empresa.id}-${periodo.de}-a-${periodo.ate}.csv`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain(`Extrato de ${A.empresa.fantasia}`);
    expect(lines[1]).toMatch(/^"?Saldo = A pagar à loja − A receber da loja/);
    expect(lines.slice(2)).toEqual([
      'Data;Descrição;Boleto;Antecipação;Acordo;Repasse;Débito;Crédito;Saldo',
      `${formatDateBR(periodo.de)};Saldo inicial;;;;;;;-50,00`,
      expect.stringMatching(new RegExp(`^${formatDateBR(d20)};Boleto .* pago no banco;${boletoId};;;;;320,50;270,50$`)),
      `${formatDateBR(d10)};Mensalidade de ${d10.slice(5, 7)}/${d10.slice(0, 4)};;;;;50,00;;220,50`,
      `${formatDateBR(periodo.ate)};Saldo final;;;;;;;220,50`,
    ]);
  });

  it('exports the same statement as PDF', async () => {
    const res = await get(t, `/api/financeiro/getExtratoPdf?de=${periodo.de}&ate=${today}&empresa_id=${A.empresa.id}`, admin.token);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Extrato da loja');
    expect(text).toContain(A.empresa.fantasia);
    expect(text).toMatch(/Saldo inicial\s+-R\$ 50,00/);
    expect(text).toMatch(/pago no banco\s+R\$ 320,50\s+R\$ 270,50/);
    expect(text).toMatch(/Repasse nº \d+ \(TED 123\)\s+R\$ 200,00\s+R\$ 20,50/);
    expect(text).toMatch(/Saldo final\s+R\$ 20,50/);
  });
});
