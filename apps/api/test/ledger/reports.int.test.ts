import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  cnabAccountFromConta,
  completeCpf,
  readRemessa240,
  todayInSaoPaulo,
  writeRetorno240,
  type IsoDate,
  type LedgerAccountCode,
  type RemessaEntryRead,
  type RetornoTitleInput,
} from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { boleto, parametroSistema } from '../../src/db/schema/index.js';
import { DEMO_CONTA } from '../../src/seed/seed-boletos.js';
import { issueBoletosOnRelease } from '../../src/modules/boletos/issue-boletos-on-release.js';
import { cobrarMensalidades } from '../../src/modules/ledger/post-servicos.js';
import { checkLedger } from '../../src/modules/ledger/check-ledger.js';
import { fluxosDoMes, receitaPorTipo } from '../../src/modules/ledger/saldos.js';
import { createCnabTestApp, download, gerarRemessa, get, loginWith, post, uploadRetorno, waitForRetorno, type CnabTestApp } from '../cnab/support.js';
import { pdfText } from '../financeiro/support.js';
import { loggedDb } from '../query-log.js';
import { getFaturamento } from '../../src/modules/relatorio/get-faturamento.js';
import { fechamentoData } from '../../src/modules/relatorio/fechamento-data.js';

/**
 * Faturamento and Fechamento read the ledger (issue 24, DOMAIN.md "Reports"): a month worked out by
 * hand, reached through the real use-cases — a CNAB 240 retorno built from the remessa we generated
 * and applied, the shop's Receber, its document lookups, the nightly mensalidade, an advance
 * requested and approved — and the report's totals compared with the ledger's balances.
 *
 * M is the current month (the Receber, the lookups and the approval post on today's date), P the
 * previous one. One shop (valor_consulta R$ 3,50, mensalidade R$ 150,00, taxa_prorrata 0,1% a day,
 * taxa de antecipação 2,5%, taxa básica R$ 9,90):
 * - boleto B1 R$ 1.000,00: paid at the bank R$ 1.119,50 (R$ 119,50 of juros and multa), tarifa
 *   R$ 2,50, ocorrência M-01, crédito M-02;
 * - boleto B2 R$ 250,00: the customer paid the shop (Receber), today;
 * - boleto B3 R$ 300,00: paid at the bank on P's last day, credited M-01, tarifa R$ 2,50;
 * - boleto B0 R$ 500,00: paid at the bank P-10, credited P-11, tarifa R$ 2,50 (applied today, with
 *   the others: the month is the bank's, not the file's);
 * - boleto B4 R$ 200,00: the bank paid R$ 180,00 (R$ 20,00 short), P-15, credited P-16;
 * - boleto A R$ 400,00 due in 30 days: advanced today;
 * - three lookups today; the mensalidade of M.
 */
let t: CnabTestApp;
let empresaId: number;
let fantasia: string;
const ids: Record<'B0' | 'B1' | 'B2' | 'B3' | 'B4' | 'A', number> = { B0: 0, B1: 0, B2: 0, B3: 0, B4: 0, A: 0 };

const today = todayInSaoPaulo();
const M = { mes: Number(today.slice(5, 7)), ano: Number(today.slice(0, 4)) };
const mInicio = `${today.slice(0, 8)}01` as IsoDate;
const pFim = addDays(mInicio, -1);
const P = { mes: Number(pFim.slice(5, 7)), ano: Number(pFim.slice(0, 4)) };
const pInicio = `${pFim.slice(0, 8)}01` as IsoDate;
const ym = (d: IsoDate) => d.slice(0, 7);

/** The bank's answer: entrada confirmada for every entrada, and the payments chosen by value. */
async function bankAnswer(remessa: Buffer, pagamentos: Map<number, Partial<RetornoTitleInput>>): Promise<Buffer> {
  const entries: RemessaEntryRead[] = [];
  for await (const e of readRemessa240([remessa])) entries.push(e);
  const titles: RetornoTitleInput[] = [];
  for (const e of entries) {
    if (e.kind !== 'entrada') continue;
    const base = { ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents };
    titles.push({ ...base, movement: '02', occurrenceDate: today });
    const pago = pagamentos.get(e.amountCents);
    if (pago) titles.push({ ...base, movement: '06', occurrenceDate: today, ...pago });
  }
  return writeRetorno240({ account: cnabAccountFromConta(DEMO_CONTA), fileNumber: 1, generatedAt: new Date(), titles });
}

beforeAll(async () => {
  t = await createCnabTestApp();
  await t.db.update(parametroSistema).set({ valor: '9.90' }).where(eq(parametroSistema.chave, 'taxa_basica_antecipacao'));
  const emp = await createEmpresa(t.db, { fantasia: `Loja Razão ${Date.now()}`, valor_consulta: '3.50', mensalidade: '150.00', taxa_prorrata: '0.1', antecipa: 'S', taxa_antecipacao: '2.5' });
  empresaId = emp.id;
  fantasia = emp.fantasia;
  const user = await createUsuario(t.db, { nivel: '1', empresa_id: emp.id });
  const token = await loginWith(t.app, user.login, user.password);

  // two guarantees, released and sent to the bank in one remessa
  const g1 = await createGarantia(t.db, { empresa_id: emp.id, usuario_id: user.id, pessoa_id: (await createPessoa(t.db)).id, status: 'APROVADO', libera_boleto: 'S', parcelas: [50000, 100000, 25000, 30000, 20000], primeiroVencimento: addDays(today, 20) });
  const g2 = await createGarantia(t.db, { empresa_id: emp.id, usuario_id: user.id, pessoa_id: (await createPessoa(t.db)).id, status: 'APROVADO', libera_boleto: 'S', parcelas: [40000], primeiroVencimento: addDays(today, 30) });
  for (const g of [g1, g2]) await issueBoletosOnRelease(t.db, g.garantia.id, { id: t.admin.id, ip: null });
  const [b0, b1, b2, b3, b4] = await t.db.select({ id: boleto.id }).from(boleto).where(eq(boleto.garantia_id, g1.garantia.id)).orderBy(boleto.parcela);
  Object.assign(ids, { B0: b0.id, B1: b1.id, B2: b2.id, B3: b3.id, B4: b4.id, A: g2.boletos[0].id });
  const { remessa } = await gerarRemessa(t);
  expect(remessa).toBeTruthy();

  const answer = await bankAnswer(
    await download(t, remessa.link),
    new Map<number, Partial<RetornoTitleInput>>([
      [50000, { paidCents: 50000, feeCents: 250, occurrenceDate: addDays(pInicio, 9), creditDate: addDays(pInicio, 10) }],
      [100000, { paidCents: 111950, interestCents: 11950, feeCents: 250, occurrenceDate: mInicio, creditDate: addDays(mInicio, 1) }],
      [30000, { paidCents: 30000, feeCents: 250, occurrenceDate: pFim, creditDate: mInicio }],
      [20000, { paidCents: 18000, discountCents: 2000, feeCents: 250, occurrenceDate: addDays(pInicio, 14), creditDate: addDays(pInicio, 15) }],
    ]),
  );
  const up = await uploadRetorno(t, 'RET-RELATORIO.ret', answer);
  expect(up.statusCode, up.body).toBe(200);
  const retornoId = up.json().data.id as number;
  await waitForRetorno(t.db, retornoId, (r) => r.status === 'PRONTO');
  expect((await post(t, `/api/retorno/aplicar/${retornoId}`)).statusCode).toBe(200);
  await waitForRetorno(t.db, retornoId, (r) => r.status === 'PROCESSADO');

  // the customer paid B2 to the shop
  const receber = await post(t, `/api/boleto/baixar/${ids.B2}`, token);
  expect(receber.statusCode, receber.body).toBe(200);
  // three lookups (different documents: a repeat within 30 minutes is not billed again)
  for (const base of ['123456789', '987654321', '111444777']) {
    const res = await post(t, '/api/garantia/consultaDocumento', token, { documento: completeCpf(base) });
    expect(res.statusCode, res.body).toBe(200);
  }
  // the nightly mensalidade of this month
  await t.db.transaction((tx) => cobrarMensalidades(tx, ym(today)));
  // an advance of A, as the screen asks for it, approved by the administrador
  const sim = (await get(t, '/api/relatorio/simulaAntecipacao', token)).json();
  expect(sim.boletos.map((b: { id: number }) => b.id)).toEqual([ids.A]);
  const pedido = await post(t, '/api/relatorio/createAntecipacao', token, {
    data_simulacao: sim.totais.data_simulacao,
    boletos: sim.boletos.map((b: { id: number; valor: number; vencimento: string; prorata: number }) => ({ id: b.id, valor: b.valor, vencimento: b.vencimento, prorata: b.prorata })),
    totais: sim.totais,
  });
  expect(pedido.statusCode, pedido.body).toBe(200);
  const aprovada = await post(t, `/api/relatorio/aprovaAntecipacao/${pedido.json().data.id}`);
  expect(aprovada.statusCode, aprovada.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

type Figuras = { total_boletos: number; recebido_estabelecimento: number; servicos_premium: number; repasse_liquido: number; recebido_premium: number; receita: number };
const FIGURAS = ['total_boletos', 'recebido_estabelecimento', 'servicos_premium', 'repasse_liquido', 'recebido_premium', 'receita'] as const;
const cents = (v: number) => Math.round(v * 100);
const faturamento = async (m: { mes: number; ano: number }) => {
  const res = await get(t, `/api/relatorio/getFaturamento?mes=${m.mes}&ano=${m.ano}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: (Figuras & { empresa_id: number })[]; subtotal: Figuras; meses: (Pick<Figuras, 'receita' | 'repasse_liquido' | 'recebido_premium'> & { mes: number; ano: number })[] };
};
const linhaDaLoja = async (m: { mes: number; ano: number }) => (await faturamento(m)).data.find((r) => r.empresa_id === empresaId);
const fechamento = async (m: { mes: number; ano: number }) => {
  const res = await get(t, `/api/relatorio/getFechamento?mes=${m.mes}&ano=${m.ano}&empresa_id=${empresaId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('Faturamento from the ledger: a month computed by hand', () => {
  it('the current month: bank payments with their juros and multa by data de crédito, the Receber, consultas, mensalidade and advance fees', async () => {
    expect(await linhaDaLoja(M)).toMatchObject({
      // B1 1.000,00 + B2 250,00 + B3 300,00 (its crédito is M-01, though paid on P's last day) = 1.550,00
      total_boletos: 1550,
      // B2, paid to the shop = 250,00
      recebido_estabelecimento: 250,
      // 3 consultas × 3,50 = 10,50; mensalidade 150,00; advance of A (400,00, 30 days):
      // prorata 400,00 × 0,1% × 30 = 12,00, taxa 400,00 × 2,5% = 10,00, taxa básica 9,90 → 31,90;
      // 10,50 + 150,00 + 31,90 = 192,40
      servicos_premium: 192.4,
      // 1.550,00 − 250,00 − 192,40 = 1.107,60
      repasse_liquido: 1107.6,
      // what the bank paid: B1 1.119,50 (1.000,00 + 119,50 of juros and multa) + B3 300,00 = 1.419,50
      recebido_premium: 1419.5,
      // 1.419,50 − 1.107,60 = 311,90 (= serviços 192,40 + encargos 119,50)
      receita: 311.9,
    });
  });

  it('the previous month has the payments credited in it and not the one paid on its last day and credited in the next', async () => {
    expect(await linhaDaLoja(P)).toMatchObject({
      // B0 500,00 + B4 200,00 (paid short: the shop is owed its whole value) = 700,00, credited in P
      // though the retorno was applied today; B3 is M's
      total_boletos: 700,
      recebido_estabelecimento: 0,
      // registered in M: no mensalidade for P, nothing else charged
      servicos_premium: 0,
      // 700,00 − 0 − 0
      repasse_liquido: 700,
      // 500,00 + 180,00
      recebido_premium: 680,
      // 680,00 − 700,00: the R$ 20,00 the bank paid short is the guarantor's
      receita: -20,
    });
  });

  it('every figure of the subtotal equals the ledger’s balances of the month, read independently', async () => {
    for (const m of [M, P]) {
      const inicio = `${m.ano}-${String(m.mes).padStart(2, '0')}`;
      const body = await faturamento(m);
      const fluxos = await fluxosDoMes(t.db, inicio);
      const sum = (code: LedgerAccountCode, side: 'debitsCents' | 'creditsCents') => fluxos.filter((f) => f.code === code).reduce((s, f) => s + f[side], 0);
      const net = (code: LedgerAccountCode, normal: 'debit' | 'credit') => (normal === 'credit' ? sum(code, 'creditsCents') - sum(code, 'debitsCents') : sum(code, 'debitsCents') - sum(code, 'creditsCents'));
      const receitas = await receitaPorTipo(t.db, inicio);
      const servicos = (receitas.receita_consulta ?? 0) + (receitas.receita_mensalidade ?? 0) + (receitas.receita_antecipacao_prorata ?? 0) + (receitas.receita_antecipacao_taxa ?? 0) + (receitas.receita_antecipacao_taxa_basica ?? 0);
      const recebidoPremium = sum('cobranca_liquidada', 'creditsCents');
      const recebidoEstab = net('memo_recebido_loja', 'debit');
      const repasseBruto = recebidoPremium - (receitas.receita_encargos ?? 0) + net('despesa_desconto', 'debit') + recebidoEstab;
      expect(FIGURAS.map((k) => cents(body.subtotal[k]))).toEqual([
        repasseBruto,
        recebidoEstab,
        servicos,
        repasseBruto - recebidoEstab - servicos,
        recebidoPremium,
        // receita = serviços + encargos − pagamentos a menor: the revenue accounts' own balance
        servicos + (receitas.receita_encargos ?? 0) - net('despesa_desconto', 'debit'),
      ]);
      // the rows add up to the subtotal, and the chart's last month is the subtotal
      for (const k of FIGURAS) expect(cents(body.subtotal[k])).toBe(body.data.reduce((s, r) => s + cents(r[k]), 0));
      expect(body.meses[body.meses.length - 1]).toEqual({ mes: m.mes, ano: m.ano, receita: body.subtotal.receita, repasse_liquido: body.subtotal.repasse_liquido, recebido_premium: body.subtotal.recebido_premium });
    }
    // and the ledger itself holds (trial balance, each boleto's postings against its situação…)
    const check = await t.db.transaction((tx) => checkLedger(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    expect(check.falhas).toEqual([]);
  });

  it('reads the monthly balances of the ledger, never boletos, their history, entries or the business tables', async () => {
    const { db, queries } = loggedDb(t.database);
    const actor = { id: t.admin.id, nivel: '2' as const, empresa_id: null, name: 'admin', ip: null };
    await getFaturamento(db, actor, M);
    const sqlText = queries.join('\n');
    expect(sqlText).toMatch(/\bledger_balance_month\b/);
    // the chart and the subtotal: the shops' balances summed per code and month (0171)
    expect(sqlText).toMatch(/\bledger_balance_month_lojas\b/);
    expect(sqlText).not.toMatch(/\b(boleto|boleto_historico|ledger_entry|ledger_transaction|consulta_documento|antecipacao|retorno_item)\b/);
    // the Fechamento reads the shop's entries of the month (and the boletos they name), never the situação history
    queries.length = 0;
    await fechamentoData(db, actor, { ...M, empresa_id: empresaId });
    expect(queries.join('\n')).toMatch(/\bledger_entry\b/);
    expect(queries.join('\n')).not.toMatch(/\bboleto_historico\b/);
  });

  it('exports the same figures as CSV', async () => {
    const res = await get(t, `/api/relatorio/getFaturamentoCsv?mes=${M.mes}&ano=${M.ano}`);
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.startsWith(fantasia));
    expect(line).toMatch(/;1550,00;250,00;192,40;1107,60;1419,50;311,90$/);
  });
});

describe('Fechamento from the ledger', () => {
  it('lists each payment of the month with the bank’s date, what it paid, its encargos and tarifa, and agrees with Faturamento', async () => {
    const f = await fechamento(M);
    const { empresa_id: _e, razao: _r, fantasia: _f, ...figuras } = (await linhaDaLoja(M)) as Figuras & { empresa_id: number; razao: string; fantasia: string };
    expect(f.resumo).toEqual(figuras);
    const byId = (id: number) => f.boletos.find((b: { id: number }) => b.id === id);
    expect(f.boletos).toHaveLength(3);
    expect(byId(ids.B1)).toMatchObject({ situacao: 'LIQUIDADO', data: addDays(mInicio, 1), valor: 1000, valor_pago: 1119.5, encargos: 119.5, tarifa: 2.5 });
    expect(byId(ids.B3)).toMatchObject({ situacao: 'LIQUIDADO', data: mInicio, valor: 300, valor_pago: 300, encargos: 0, tarifa: 2.5 });
    expect(byId(ids.B2)).toMatchObject({ situacao: 'BAIXADO', data: today, valor: 250, valor_pago: 0, encargos: 0, tarifa: 0 });
    const total = (k: 'valor' | 'valor_pago', situacao?: string) =>
      f.boletos.filter((b: { situacao: string }) => !situacao || b.situacao === situacao).reduce((s: number, b: Record<string, number>) => s + cents(b[k]), 0);
    expect(total('valor')).toBe(cents(f.resumo.total_boletos));
    expect(total('valor_pago')).toBe(cents(f.resumo.recebido_premium));
    expect(total('valor', 'BAIXADO')).toBe(cents(f.resumo.recebido_estabelecimento));
    expect(f).toMatchObject({ consultas: 3, valor_consulta: 3.5, total_consultas: 10.5, mensalidade: 150, total_antecipacoes: 31.9 });
    expect(f.antecipacoes).toEqual([expect.objectContaining({ data: today, total_boletos: 400, total_prorata: 12, total_taxa_antecipacao: 10, taxa_basica: 9.9, total_taxas: 31.9 })]);
    expect(cents(f.total_consultas) + cents(f.mensalidade) + cents(f.total_antecipacoes)).toBe(cents(f.resumo.servicos_premium));
  });

  it('the previous month lists B0 and B4 by their data de crédito; the HTML and the PDF show the bank’s figures', async () => {
    const p = await fechamento(P);
    expect(p.boletos).toMatchObject([
      { id: ids.B0, data: addDays(pInicio, 10), valor: 500, valor_pago: 500, encargos: 0 },
      { id: ids.B4, data: addDays(pInicio, 15), valor: 200, valor_pago: 180, encargos: 0 },
    ]);
    expect(p.html).toContain('<td class="valor negativo">-R$ 20,00</td>');

    const f = await fechamento(M);
    for (const text of ['R$ 1.550,00', 'R$ 1.419,50', 'R$ 311,90', 'R$ 119,50', 'Consultas: 3 × R$ 3,50', 'Pago no banco', 'Recebido pela loja']) expect(f.html).toContain(text);
    const pdf = await get(t, `/api/relatorio/getFechamentoPdf?mes=${M.mes}&ano=${M.ano}&empresa_id=${empresaId}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const figure of ['R$ 1.550,00', 'R$ 250,00', 'R$ 192,40', 'R$ 1.107,60', 'R$ 1.419,50', 'R$ 311,90', 'R$ 119,50']) expect(text).toContain(figure);
  });
});
