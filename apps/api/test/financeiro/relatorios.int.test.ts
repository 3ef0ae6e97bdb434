import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BoletoAction } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { antecipacao, antecipacaoBoleto, consultaDocumento, empresa } from '../../src/db/schema/index.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import type { BoletoMoney } from '../../src/modules/ledger/post-boleto-transition.js';
import { postAntecipacaoAprovada } from '../../src/modules/ledger/post-antecipacao.js';
import { cobrarMensalidades, postConsulta } from '../../src/modules/ledger/post-servicos.js';
import { garantidos, get, pdfText } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let empresaId: number;
let fantasia: string;
const boletos: Record<string, number> = {};

/** A situação change with the money's business date (what a retorno line or the day of a Receber gives it). */
async function move(boletoId: number, actions: BoletoAction[], money: BoletoMoney) {
  for (const a of actions) await t.database.db.transaction((tx) => changeSituacao(tx, boletoId, a, { id: null, ip: null }, 'teste', {}, money));
}

/**
 * One empresa's movements around March 2025, posted to the ledger with their business dates (the
 * reports read the ledger by those dates, never by when something was recorded):
 * A 250,00 paid at the bank, credited 10/03; B 180,55 received by the shop 31/03; C 99,99 credited
 * 01/04 (April); D 320,10 credited 28/02 (February); three consultas in March — the last at
 * 31/03 23:59:59 in São Paulo, already April in UTC — and one at 01/04 00:00; the mensalidade of
 * February, March and April (registered 10/02/2025); one advance approved 15/03 with R$ 16,00 of
 * fees and one denied (no fees, nothing posted).
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  const db = t.database.db;
  const emp = await createEmpresa(db, { fantasia: `Loja <script>alert(1)</script> ${Date.now()}`, valor_consulta: '3.50', mensalidade: '150.00' });
  await db.update(empresa).set({ created_at: new Date('2025-02-10T10:00:00-03:00') }).where(eq(empresa.id, emp.id));
  empresaId = emp.id;
  fantasia = emp.fantasia;
  const user = await t.userWithToken({ nivel: '1', empresa_id: emp.id });
  const plan: [string, number, 'liquidar' | 'baixar', string][] = [
    ['A', 25000, 'liquidar', '2025-03-10'],
    ['B', 18055, 'baixar', '2025-03-31'],
    ['C', 9999, 'liquidar', '2025-04-01'],
    ['D', 32010, 'liquidar', '2025-02-28'],
    ['E', 20000, 'liquidar', ''],
  ];
  for (const [name, cents, action, data] of plan) {
    const g = await garantidos(db, { empresa_id: emp.id, usuario_id: user.user.id, parcelas: [cents], primeiroVencimento: '2025-03-05' });
    boletos[name] = g.boletos[0].id;
    if (!data) continue; // E stays GARANTIDO: the advance's boleto
    if (action === 'baixar') await move(g.boletos[0].id, ['baixar', 'confirmarBaixa'], { data: data });
    else await move(g.boletos[0].id, ['liquidar'], { pagamento: { paidCents: cents, feeCents: 0, occurredOn: data } });
  }
  for (const at of ['2025-03-01T00:00:00-03:00', '2025-03-15T10:00:00-03:00', '2025-03-31T23:59:59-03:00', '2025-04-01T00:00:00-03:00']) {
    const [c] = await db.insert(consultaDocumento).values({ cpf_cnpj: '52998224725', usuario_id: user.user.id, empresa_id: emp.id, motivo: 'solicitacao_garantia', status: 200, created_at: new Date(at) }).returning();
    await db.transaction((tx) => postConsulta(tx, { consultaId: c.id, empresaId: emp.id, createdAt: c.created_at }));
  }
  for (const mes of ['2025-01', '2025-02', '2025-03', '2025-04']) await db.transaction((tx) => cobrarMensalidades(tx, mes));
  const advance = { empresa_id: emp.id, usuario_id: user.user.id, data_simulacao: '2025-03-14', taxa_prorrata: '0.1', taxa_antecipacao: '2.5', qtd_boletos: 1, total_boletos: '200.00', total_prorata: '10.00', total_taxa_antecipacao: '5.00', taxa_basica: '1.00', total_antecipacao: '184.00', decidido_por: admin.user.id };
  const [aprovada] = await db.insert(antecipacao).values({ ...advance, situacao: 'APROVADA', decidido_em: new Date('2025-03-15T09:00:00-03:00') }).returning();
  await db.insert(antecipacaoBoleto).values({ antecipacao_id: aprovada.id, boleto_id: boletos.E, valor: '200.00', vencimento: '2025-03-05', qtd_dias: 100, prorata: '10.00' });
  await db.transaction((tx) => postAntecipacaoAprovada(tx, aprovada.id, admin.user.id, '2025-03-15'));
  await db.insert(antecipacao).values({ ...advance, situacao: 'NEGADA', decidido_em: new Date('2025-03-16T09:00:00-03:00') });
});
afterAll(async () => t?.close());

type Figuras = { total_boletos: number; recebido_estabelecimento: number; servicos_premium: number; repasse_liquido: number; recebido_premium: number; receita: number };
const cents = (v: number) => Math.round(v * 100);
const faturamento = async (mes: number, ano: number) => (await get(t, `/api/relatorio/getFaturamento?mes=${mes}&ano=${ano}`, admin.token)).json();
const rowOf = (body: { data: (Figuras & { empresa_id: number; razao: string; fantasia: string })[] }) => body.data.find((r) => r.empresa_id === empresaId);

describe('Faturamento', () => {
  it('computes every column of DOMAIN.md for the month, on the São Paulo calendar', async () => {
    const body = await faturamento(3, 2025);
    expect(body).toMatchObject({ status: 200, mes: 3, ano: 2025 });
    expect(rowOf(body)).toEqual({
      empresa_id: empresaId,
      razao: expect.any(String),
      fantasia,
      total_boletos: 430.55, // A + B
      recebido_estabelecimento: 180.55, // B (baixa)
      servicos_premium: 176.5, // 3 × 3,50 + 150,00 + 16,00
      repasse_liquido: 73.5, // 430,55 − 180,55 − 176,50
      recebido_premium: 250, // A (liquidação)
      receita: 176.5, // 250,00 − 73,50
    });
    expect(rowOf(await faturamento(2, 2025))).toMatchObject({ total_boletos: 320.1, recebido_premium: 320.1, servicos_premium: 150 });
    expect(rowOf(await faturamento(4, 2025))).toMatchObject({ total_boletos: 99.99, recebido_premium: 99.99, servicos_premium: 153.5 });
    // no movement and not yet registered: not billed that month
    expect(rowOf(await faturamento(1, 2025))).toBeUndefined();
  });

  it('adds the rows up to the subtotal, and the chart ends at the month with the same figures', async () => {
    const body = await faturamento(3, 2025);
    for (const key of ['total_boletos', 'recebido_estabelecimento', 'servicos_premium', 'repasse_liquido', 'recebido_premium', 'receita'] as const) {
      expect(cents(body.subtotal[key])).toBe(body.data.reduce((s: number, r: Figuras) => s + cents(r[key]), 0));
    }
    expect(body.meses).toHaveLength(12);
    expect(body.meses[0]).toMatchObject({ mes: 4, ano: 2024 });
    expect(body.meses[11]).toEqual({ mes: 3, ano: 2025, receita: body.subtotal.receita, repasse_liquido: body.subtotal.repasse_liquido, recebido_premium: body.subtotal.recebido_premium });
  });

  it('exports the month as CSV for a pt-BR spreadsheet', async () => {
    const res = await get(t, '/api/relatorio/getFaturamentoCsv?mes=3&ano=2025', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="faturamento-03-2025.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Loja;Razão Social;Repasse Bruto;Recebido Estab;Serviços Premium;Repasse Líquido;Recebido Premium;Receita');
    expect(lines.find((l) => l.startsWith(fantasia))).toMatch(/;430,55;180,55;176,50;73,50;250,00;176,50$/);
    expect(lines[lines.length - 1]).toMatch(/^Subtotal;;/);
  });

  it('is for administradores only and checks the month', async () => {
    const user = await t.userWithToken({ nivel: '1' });
    expect((await get(t, '/api/relatorio/getFaturamento?mes=3&ano=2025', user.token)).statusCode).toBe(403);
    const bad = await get(t, '/api/relatorio/getFaturamento?mes=13&ano=2018', admin.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ mes: 'Informe um mês de 1 a 12.', ano: 'Informe um ano de 2019 até o ano atual.' });
  });
});

describe('Fechamento', () => {
  it('agrees with Faturamento and lists the boletos, consultas and advances behind each figure', async () => {
    const res = await get(t, `/api/relatorio/getFechamento?mes=3&ano=2025&empresa_id=${empresaId}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data;
    const { empresa_id: _id, razao: _r, fantasia: _f, ...figuras } = rowOf(await faturamento(3, 2025))!;
    expect(f.resumo).toEqual(figuras);
    expect(f.boletos.map((b: { id: number; situacao: string }) => [b.id, b.situacao])).toEqual([[boletos.A, 'LIQUIDADO'], [boletos.B, 'BAIXADO']]);
    const sum = (situacao: string) => f.boletos.filter((b: { situacao: string }) => b.situacao === situacao).reduce((s: number, b: { valor: number }) => s + cents(b.valor), 0);
    expect(sum('LIQUIDADO')).toBe(cents(f.resumo.recebido_premium));
    expect(sum('BAIXADO')).toBe(cents(f.resumo.recebido_estabelecimento));
    expect(sum('LIQUIDADO') + sum('BAIXADO')).toBe(cents(f.resumo.total_boletos));
    expect(f).toMatchObject({ consultas: 3, valor_consulta: 3.5, total_consultas: 10.5, mensalidade: 150, total_antecipacoes: 16 });
    expect(f.antecipacoes).toHaveLength(1);
    expect(cents(f.total_consultas) + cents(f.mensalidade) + cents(f.total_antecipacoes)).toBe(cents(f.resumo.servicos_premium));
  });

  it('renders the closing as escaped HTML, and as a PDF', async () => {
    const f = (await get(t, `/api/relatorio/getFechamento?mes=3&ano=2025&empresa_id=${empresaId}`, admin.token)).json().data;
    expect(f.html).toContain('Fechamento de Março/2025');
    expect(f.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(f.html).not.toContain('<script>');
    expect(f.html).toContain('R$ 430,55');
    const pdf = await get(t, `/api/relatorio/getFechamentoPdf?mes=3&ano=2025&empresa_id=${empresaId}`, admin.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Fechamento de Março/2025');
    for (const figure of ['R$ 430,55', 'R$ 180,55', 'R$ 176,50', 'R$ 73,50', 'R$ 250,00']) expect(text).toContain(figure);
  });

  it('answers 404 for an unknown empresa and 422 without one', async () => {
    expect((await get(t, '/api/relatorio/getFechamento?mes=3&ano=2025&empresa_id=999999999', admin.token)).statusCode).toBe(404);
    const res = await get(t, '/api/relatorio/getFechamento?mes=3&ano=2025', admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.empresa_id).toBe('Campo obrigatório');
  });
});
