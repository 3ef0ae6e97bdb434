import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conta, POLITICA_PADRAO, type Situacao } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../../src/factories/garantia.js';
import { postTransactions } from '../../../src/modules/ledger/post-transaction.js';
import { atualizarRisco } from '../../../src/modules/credito/risco/atualizar-risco.js';
import { createTestApp, type TestApp } from '../../harness.js';

/**
 * Portfolio risk (issue 29, docs/risco.md) on a small hand-built portfolio; every expected figure
 * is computed by hand in the comments. Reference day 2026-04-10 (São Paulo).
 *
 * G1  loja E1, pessoa P1, approved 2026-01-15: b11 R$ 100 due 01-20, paid 01-25 (LIQUIDADO);
 *                                               b12 R$ 200 due 02-20, GARANTIDO (never paid)
 * G2  loja E1, pessoa P2, approved 2026-01-20: b21 R$ 300 due 01-31, QUITADO 03-05 (honoured, not recovered)
 * G3  loja E2, pessoa P1, approved 2026-02-10: b31 R$ 400 due 02-15, paid 03-20 (LIQUIDADO, 33 days late);
 *                                               b32 R$ 500 due 05-15, GARANTIDO
 * G4  loja E2, pessoa P3, denied 2026-02-11 (NÃO AUTORIZADO, boleto CANCELADO): never on the book
 * G5  loja E2, pessoa P3, PENDENTE: R$ 50 not released (pending, counts for limits only)
 */
const HOJE = '2026-04-10';
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
const ids: Record<string, number> = {};

const sp = (d: string) => new Date(`${d}T12:00:00-03:00`);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const e1 = await createEmpresa(db, { fantasia: 'Loja Um', limite_cpf_cnpj: '150.00' });
  const e2 = await createEmpresa(db, { fantasia: 'Loja Dois' });
  ids.e1 = e1.id;
  ids.e2 = e2.id;
  const u = await createUsuario(db, { nivel: '2' });
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1', empresa_id: e1.id });
  const p1 = await createPessoa(db, { nome_razao: 'Pessoa Um' });
  const p2 = await createPessoa(db, { nome_razao: 'Pessoa Dois' });
  const p3 = await createPessoa(db, { nome_razao: 'Pessoa Três' });
  ids.p1 = p1.id;
  ids.p2 = p2.id;
  ids.p3 = p3.id;

  const garantia = async (empresa: number, pessoa: number, status: 'APROVADO' | 'NÃO AUTORIZADO' | 'PENDENTE', decidido: string | null, parcelas: { valor: number; venc: string; situacao: Situacao | null; saida?: { para: Situacao; em: string } }[]) => {
    const g = await createGarantia(db, { empresa_id: empresa, usuario_id: u.id, pessoa_id: pessoa, status, parcelas: parcelas.map((p) => p.valor * 100) });
    if (decidido) await db.execute(sql`update garantia set decidido_em = ${sp(decidido)} where id = ${g.garantia.id}`);
    for (const [i, p] of parcelas.entries()) {
      const b = g.boletos[i]!;
      await db.execute(sql`update boleto set vencimento = ${p.venc}::date, situacao = ${p.situacao} where id = ${b.id}`);
      if (p.saida) await db.execute(sql`insert into boleto_historico (boleto_id, de, para, created_at) values (${b.id}, 'GARANTIDO', ${p.saida.para}, ${sp(p.saida.em)})`);
    }
    return g;
  };
  const g1 = await garantia(e1.id, p1.id, 'APROVADO', '2026-01-15', [
    { valor: 100, venc: '2026-01-20', situacao: 'LIQUIDADO', saida: { para: 'LIQUIDADO', em: '2026-01-25' } },
    { valor: 200, venc: '2026-02-20', situacao: 'GARANTIDO' },
  ]);
  const g2 = await garantia(e1.id, p2.id, 'APROVADO', '2026-01-20', [{ valor: 300, venc: '2026-01-31', situacao: 'QUITADO', saida: { para: 'QUITADO', em: '2026-03-05' } }]);
  await garantia(e2.id, p1.id, 'APROVADO', '2026-02-10', [
    { valor: 400, venc: '2026-02-15', situacao: 'LIQUIDADO', saida: { para: 'LIQUIDADO', em: '2026-03-20' } },
    { valor: 500, venc: '2026-05-15', situacao: 'GARANTIDO' },
  ]);
  await garantia(e2.id, p3.id, 'NÃO AUTORIZADO', '2026-02-11', [{ valor: 700, venc: '2026-03-01', situacao: 'CANCELADO' }]);
  await garantia(e2.id, p3.id, 'PENDENTE', null, [{ valor: 50, venc: '2026-06-01', situacao: null }]);
  ids.b12 = g1.boletos[1]!.id;
  ids.b21 = g2.boletos[0]!.id;

  // the ledger of b21: honoured R$ 300 (03-05), R$ 100 recovered by an acordo (03-25), R$ 150 written off (04-02)
  const b21 = ids.b21;
  await db.transaction((tx) => postTransactions(tx, [
    { idempotencyKey: `quitar:${b21}`, kind: 'honra', occurredOn: '2026-03-05', description: 'honra', refs: { boletoId: b21, empresaId: e1.id },
      lines: [{ account: conta.daPessoa('devedor_a_recuperar', p2.id), side: 'debit', amountCents: 30000, boletoId: b21 }, { account: conta.daEmpresa('loja_a_pagar', e1.id), side: 'credit', amountCents: 30000, boletoId: b21 }] },
    { idempotencyKey: `teste-acordo:${b21}`, kind: 'acordo_pagamento', occurredOn: '2026-03-25', description: 'parcela', refs: {},
      lines: [{ account: conta.geral('banco'), side: 'debit', amountCents: 10000 }, { account: conta.daPessoa('devedor_a_recuperar', p2.id), side: 'credit', amountCents: 10000, boletoId: b21 }] },
    { idempotencyKey: `perda:${b21}`, kind: 'perda', occurredOn: '2026-04-02', description: 'perda', refs: { boletoId: b21, empresaId: e1.id },
      lines: [{ account: conta.daEmpresa('despesa_perda', e1.id), side: 'debit', amountCents: 15000, boletoId: b21 }, { account: conta.daPessoa('devedor_a_recuperar', p2.id), side: 'credit', amountCents: 15000, boletoId: b21 }] },
  ]));

  // acordos made in March 2026: one paid in full, one broken, one being paid → cure 1 ÷ (1 + 1) = 50 %
  for (const [status, valor] of [['QUITADO', '100.00'], ['CANCELADO', '200.00'], ['ATIVO', '300.00']] as const) {
    await db.execute(sql`insert into acordo (pessoa_id, descricao, status, valor, valor_sem_juros, multa, juros, taxa, valor_atualizado, valor_entrada, numero_parcelas, ultimo_vencimento, data_simulacao, user_id, created_at, data_cancelamento)
      values (${p2.id}, 'teste', ${status}, ${valor}::numeric, ${valor}::numeric, 0, 0, 0, ${valor}::numeric, 0, 1, '2026-04-01', '2026-03-10', ${u.id}, ${sp('2026-03-10')},
              ${status === 'CANCELADO' ? sp('2026-03-30') : null})`);
  }

  await atualizarRisco(db, HOJE, sp(HOJE));
});
afterAll(async () => t?.close());

const get = async (url: string, token = admin.token) => {
  const res = await t.call({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('risco da carteira on a hand-built portfolio', () => {
  it('stores the month-end positions by hand: Jan 2 boletos, Feb 4, Mar 3 (b12 39 days, b21 59 days late)', async () => {
    const rows = (await t.database.db.execute(sql`select mes::text, boleto_id, dias_atraso, valor::text from risco_posicao_mensal order by mes, boleto_id`)) as { rows: { mes: string; boleto_id: number; dias_atraso: number; valor: string }[] };
    const by = (m: string) => rows.rows.filter((r) => r.mes === m).map((r) => [Number(r.valor), r.dias_atraso]);
    expect(by('2026-01-01')).toEqual([[200, 0], [300, 0]]);
    expect(by('2026-02-01')).toEqual([[200, 8], [300, 28], [400, 13], [500, 0]]);
    expect(by('2026-03-01')).toEqual([[200, 39], [300, 59], [500, 0]]);
    // a second run computes no month again
    const again = await atualizarRisco(t.database.db, HOJE, sp(HOJE));
    expect(again.meses_novos).toBe(0);
  });

  it('vintage: safra Jan (R$ 600) is 0 %, 0 %, 83,33 % over 30 days at MOB 0–2; safra Feb (R$ 900) 0 %; over-30 ratio of March 50 %', async () => {
    const v = await get('/api/risco/vintage?de=2026-01&ate=2026-03');
    expect(v.safras).toEqual([
      { safra: '2026-01-01', garantias: 2, valor: 600, pontos: [
        { mob: 0, mes: '2026-01-01', pct30: 0, pct90: 0 },
        { mob: 1, mes: '2026-02-01', pct30: 0, pct90: 0 },
        { mob: 2, mes: '2026-03-01', pct30: 83.33, pct90: 0 },
      ] },
      { safra: '2026-02-01', garantias: 1, valor: 900, pontos: [
        { mob: 0, mes: '2026-02-01', pct30: 0, pct90: 0 },
        { mob: 1, mes: '2026-03-01', pct30: 0, pct90: 0 },
      ] },
    ]);
    expect(v.razoes).toEqual([
      { mes: '2026-01-01', carteira: 500, valor_30: 0, valor_90: 0, over30: 0, over90: 0 },
      { mes: '2026-02-01', carteira: 1400, valor_30: 0, valor_90: 0, over30: 0, over90: 0 },
      { mes: '2026-03-01', carteira: 1000, valor_30: 500, valor_90: 0, over30: 50, over90: 0 },
    ]);
  });

  it('roll rates: Feb AA → A 40 %, AA → B 60 %; Mar A → C 33,33 %, A → left 66,67 %, B → C 100 %', async () => {
    const mar = await get('/api/risco/rolagem');
    expect(mar.meses).toEqual(['2026-03-01', '2026-02-01']);
    expect(mar.mes).toBe('2026-03-01');
    expect(mar.linhas).toEqual([
      { de: 'AA', boletos: 1, valor: 500, destinos: [{ para: 'AA', boletos: 1, valor: 500, taxa: 100 }] },
      { de: 'A', boletos: 2, valor: 600, destinos: [{ para: 'C', boletos: 1, valor: 200, taxa: 33.33 }, { para: 'PG', boletos: 1, valor: 400, taxa: 66.67 }] },
      { de: 'B', boletos: 1, valor: 300, destinos: [{ para: 'C', boletos: 1, valor: 300, taxa: 100 }] },
    ]);
    // worse bucket: Feb 500 of 500; Mar (200 + 300) of 1 400
    expect(mar.piora).toEqual([{ mes: '2026-02-01', taxa: 100 }, { mes: '2026-03-01', taxa: 35.71 }]);
    const fev = await get('/api/risco/rolagem?mes=2026-02');
    expect(fev.linhas).toEqual([{ de: 'AA', boletos: 2, valor: 500, destinos: [{ para: 'A', boletos: 1, valor: 200, taxa: 40 }, { para: 'B', boletos: 1, valor: 300, taxa: 60 }] }]);
  });

  it('first-payment default: Jan 1 of 2 guarantees (R$ 300 of R$ 400), Feb 1 of 1 (paid 33 days late)', async () => {
    const f = await get('/api/risco/primeiro-pagamento?de=2026-01&ate=2026-03');
    expect(f.safras).toEqual([
      { safra: '2026-01-01', garantias: 2, garantias_maduras: 2, garantias_fpd: 1, taxa: 50, valor_maduro: 400, valor_fpd: 300, taxa_valor: 75 },
      { safra: '2026-02-01', garantias: 1, garantias_maduras: 1, garantias_fpd: 1, taxa: 100, valor_maduro: 400, valor_fpd: 400, taxa_valor: 100 },
    ]);
  });

  it('cure after acordo: March 3 acordos, 1 paid, 1 broken, 1 being paid → 50 %', async () => {
    const c = await get('/api/risco/cura-acordo?de=2026-01&ate=2026-04');
    expect(c.meses).toEqual([{ mes: '2026-03-01', acordos: 3, quitados: 1, em_andamento: 1, cancelados: 1, valor: 600, valor_quitado: 100, taxa_cura: 50 }]);
  });

  it('losses and recoveries by shop from the ledger: Loja Um honoured 300, recovered 100, lost 150', async () => {
    const p = await get('/api/risco/perdas?de=2026-01&ate=2026-04');
    expect(p.lojas).toEqual([{ empresa_id: ids.e1, fantasia: 'Loja Um', honrado: 300, recuperado: 100, perda: 150, taxa_recuperacao: 33.33 }]);
    expect(p.total).toEqual({ honrado: 300, recuperado: 100, perda: 150, taxa_recuperacao: 33.33 });
    // a period without them
    expect((await get('/api/risco/perdas?de=2025-01&ate=2025-12')).lojas).toEqual([]);
  });

  it('provisions by bucket on the book now (AA 500, C 200 → 6,00, D 300 → 30,00); edited, restored', async () => {
    const p = await get('/api/risco/provisoes');
    const f = (x: { faixa: string }[]) => Object.fromEntries(x.map((r) => [r.faixa, r]));
    expect(f(p.faixas).AA).toMatchObject({ valor: 500, percentual: 0, provisao: 0, boletos: 1 });
    expect(f(p.faixas).C).toMatchObject({ valor: 200, percentual: 3, provisao: 6, descricao: '31–60 dias' });
    expect(f(p.faixas).D).toMatchObject({ valor: 300, percentual: 10, provisao: 30 });
    expect(p.faixas.map((r: { percentual: number }) => r.percentual)).toEqual([0, 0.5, 1, 3, 10, 30, 50, 70, 100]);
    expect([p.total_valor, p.total_provisao]).toEqual([1000, 36]);

    const bad = await t.call({ method: 'POST', url: '/api/risco/provisoes/faixas', token: admin.token, payload: { faixas: [{ faixa: 'C', percentual: 120 }] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('O percentual não pode passar de 100%.');
    const ok = await t.call({ method: 'POST', url: '/api/risco/provisoes/faixas', token: admin.token, payload: { faixas: [{ faixa: 'C', percentual: 5.25 }] } });
    expect(ok.json()).toMatchObject({ status: 200, msg: 'Percentuais de provisão salvos.' });
    const same = await t.call({ method: 'POST', url: '/api/risco/provisoes/faixas', token: admin.token, payload: { faixas: [{ faixa: 'C', percentual: 5.25 }] } });
    expect(same.json().msg).toBe('Nenhum percentual foi alterado.');
    const p2 = await get('/api/risco/provisoes');
    expect(f(p2.faixas).C).toMatchObject({ percentual: 5.25, percentual_padrao: 3, provisao: 10.5 });
    expect(p2.total_provisao).toBe(40.5);
    const audits = (await t.database.db.execute(sql`select count(*)::int as n from audit_log where action = 'risco.provisao_faixas'`)) as { rows: { n: number }[] };
    expect(audits.rows[0]!.n).toBe(1);
    await t.call({ method: 'POST', url: '/api/risco/provisoes/faixas/padrao', token: admin.token });
    expect(f((await get('/api/risco/provisoes')).faixas).C).toMatchObject({ percentual: 3 });
  });

  it('exposure now: R$ 700 guaranteed (Loja Dois 500, Loja Um 200), P1 across two shops, honoured 300; over-30 50 %', async () => {
    const e = await get('/api/risco/exposicao');
    expect(e).toMatchObject({ total_garantido: 700, total_vencido: 200, total_honrado: 300, lojas: 2, documentos: 1, over30: 50, over90: 0, data_referencia: HOJE });
    expect(e.por_loja.map((l: { fantasia: string; valor_garantido: number; participacao: number }) => [l.fantasia, l.valor_garantido, l.participacao])).toEqual([['Loja Dois', 500, 71.43], ['Loja Um', 200, 28.57]]);
    expect(e.por_documento[0]).toMatchObject({ pessoa_id: ids.p1, nome: 'Pessoa Um', lojas: 2, boletos: 2, valor_garantido: 700, valor_vencido: 200, participacao: 100 });
    // Loja Um's own limite_cpf_cnpj (R$ 150): P1 has R$ 200 there
    expect(e.alertas.filter((a: { tipo: string }) => a.tipo === 'DOCUMENTO_NA_LOJA')).toEqual([
      expect.objectContaining({ empresa_id: ids.e1, pessoa_id: ids.p1, valor_garantido: 200, limite: 150, excesso: 50 }),
    ]);
  });

  it("limit use and alerts from the published credit policy (shop R$ 400: Loja Dois 550 with the pending R$ 50; CPF R$ 600: P1 700)", async () => {
    const rascunho = {
      regras: POLITICA_PADRAO.regras,
      limites: { boleto: 5000, garantia: 30000, loja: 400, documento: 600 },
      liberacao_automatica: false,
      observacao: 'risco',
    };
    const r = await t.call({ method: 'POST', url: '/api/credito/politica/rascunho', token: admin.token, payload: rascunho });
    expect(r.statusCode, r.body).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/credito/politica/publicar/${r.json().data.id}`, token: admin.token })).statusCode).toBe(200);
    const e = await get('/api/risco/exposicao');
    expect(e.politica_publicada).toBe(true);
    expect(e.por_loja[0]).toMatchObject({ fantasia: 'Loja Dois', limite: 400, uso_percentual: 137.5 });
    expect(e.por_loja[1]).toMatchObject({ fantasia: 'Loja Um', limite: 400, uso_percentual: 50 });
    expect(e.por_documento[0]).toMatchObject({ pessoa_id: ids.p1, limite: 600, uso_percentual: 116.67 });
    const tipos = e.alertas.map((a: { tipo: string; excesso: number }) => [a.tipo, a.excesso]);
    expect(tipos).toEqual([['LOJA', 150], ['DOCUMENTO', 100], ['DOCUMENTO_NA_LOJA', 50]]);
    expect(e.alertas[0].mensagem).toBe('A loja Loja Dois tem R$ 550,00 garantidos ou pendentes, acima do limite por loja de R$ 400,00.');
  });

  it('CSV of each table: ; separated, decimal commas, BOM', async () => {
    const res = await t.call({ method: 'GET', url: '/api/risco/csv?quadro=rolagem&mes=2026-03', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe('\uFEFFMês;De;Para;Boletos;Valor;Taxa (%)\r\n'
      + '03/2026;AA (em dia);AA (em dia);1;500,00;100,00\r\n'
      + '03/2026;A (1–14 dias);C (31–60 dias);1;200,00;33,33\r\n'
      + '03/2026;A (1–14 dias);Saiu da carteira;1;400,00;66,67\r\n'
      + '03/2026;B (15–30 dias);C (31–60 dias);1;300,00;100,00\r\n');
    const prov = await t.call({ method: 'GET', url: '/api/risco/csv?quadro=provisoes', token: admin.token });
    expect(prov.body).toContain('C;31–60 dias;1;200,00;3,00;6,00\r\n');
    expect(prov.body.endsWith('Total;;;1000,00;;36,00\r\n')).toBe(true);
    for (const quadro of ['exposicao_lojas', 'exposicao_documentos', 'alertas', 'vintage', 'razoes', 'primeiro_pagamento', 'cura_acordo', 'perdas']) {
      const r = await t.call({ method: 'GET', url: `/api/risco/csv?quadro=${quadro}&de=2026-01&ate=2026-04`, token: admin.token });
      expect(r.statusCode, quadro).toBe(200);
      expect(r.body.split('\r\n').length, quadro).toBeGreaterThan(2);
    }
    expect((await t.call({ method: 'GET', url: '/api/risco/csv?quadro=outro', token: admin.token })).statusCode).toBe(422);
  });

  it('bad periods are 400/422 in Portuguese, never 500', async () => {
    const inv = await t.call({ method: 'GET', url: '/api/risco/vintage?de=2026-05&ate=2026-01', token: admin.token });
    expect(inv.statusCode).toBe(400);
    expect(inv.json().msg).toBe('O mês inicial deve ser anterior ao final.');
    expect((await t.call({ method: 'GET', url: '/api/risco/vintage?de=2026-13', token: admin.token })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/risco/vintage?de=0000-01', token: admin.token })).json()).toMatchObject({ status: 400, msg: 'Mês inválido: 0000-01.' });
    expect((await t.call({ method: 'GET', url: '/api/risco/rolagem?mes=2026-13', token: admin.token })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/risco/csv?quadro=rolagem&mes=2026-00', token: admin.token })).statusCode).toBe(400);
    // a month without roll rates: an empty matrix, not an error
    expect((await get('/api/risco/rolagem?mes=2020-01')).linhas).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/risco/perdas?de=abc', token: admin.token })).statusCode).toBe(422);
    expect((await t.call({ method: 'GET', url: '/api/risco/vintage?de=2010-01&ate=2026-01', token: admin.token })).json().msg).toBe('Escolha um período de até 60 meses.');
  });

  it('a loja user gets 403 on every risk route; no session 401', async () => {
    for (const url of ['/api/risco/exposicao', '/api/risco/vintage', '/api/risco/rolagem', '/api/risco/primeiro-pagamento', '/api/risco/cura-acordo', '/api/risco/perdas', '/api/risco/provisoes', '/api/risco/csv?quadro=provisoes']) {
      expect((await t.call({ method: 'GET', url, token: loja.token })).statusCode, url).toBe(403);
      expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    for (const url of ['/api/risco/provisoes/faixas/padrao', '/api/risco/atualizar']) expect((await t.call({ method: 'POST', url, token: loja.token })).statusCode, url).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/risco/provisoes/faixas', token: loja.token, payload: { faixas: [{ faixa: 'C', percentual: 1 }] } })).statusCode).toBe(403);
  });

  it('Recalcular agora enqueues the complete run once (a second click answers the same job)', async () => {
    const a = await t.call({ method: 'POST', url: '/api/risco/atualizar', token: admin.token });
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.call({ method: 'POST', url: '/api/risco/atualizar', token: admin.token });
    expect(b.statusCode).toBe(200);
    if (b.json().data.job_id === a.json().data.job_id) expect(b.json().msg).toBe('O cálculo do risco já está em andamento.');
  });
});
