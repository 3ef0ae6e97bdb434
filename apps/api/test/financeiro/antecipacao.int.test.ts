import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { antecipacao, auditLog } from '../../src/db/schema/index.js';
import { garantidos, get, lojaQueAntecipa, move, pdfText, post } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
const today = todayInSaoPaulo();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

/** The worked example of docs/financial-math.md §2, dated from today: one boleto per guarantee. */
async function workedExample(empresaId: number, usuarioId: number) {
  const ids: number[] = [];
  for (const [cents, days] of [[50000, 31], [33333, 60], [12345, 1], [10400, 1]] as const) {
    const g = await garantidos(t.database.db, { empresa_id: empresaId, usuario_id: usuarioId, parcelas: [cents], primeiroVencimento: addDays(today, days) });
    ids.push(g.boletos[0].id);
  }
  return ids;
}

const simulate = (token: string) => get(t, '/api/relatorio/simulaAntecipacao', token);
/** What the screen sends back: the figures it showed. */
const requestOf = (sim: { boletos: { id: number; valor: number; vencimento: string; prorata: number }[]; totais: Record<string, unknown> }) => ({
  data_simulacao: sim.totais.data_simulacao,
  boletos: sim.boletos.map((b) => ({ id: b.id, valor: b.valor, vencimento: b.vencimento, prorata: b.prorata })),
  totais: sim.totais,
});

describe('simulaAntecipacao', () => {
  it('answers the figures of DOMAIN.md in centavos, per boleto and in total', async () => {
    const loja = await lojaQueAntecipa(t);
    const ids = await workedExample(loja.empresa.id, loja.user.id);
    const res = await simulate(loja.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.boletos.map((b: { id: number }) => b.id)).toEqual([ids[2], ids[3], ids[0], ids[1]]); // by vencimento
    const byId = new Map(body.boletos.map((b: { id: number }) => [b.id, b]));
    expect(byId.get(ids[0])).toMatchObject({ valor: 500, qtd_dias: 31, prorata: 15.5, taxa: 3.1 });
    expect(byId.get(ids[1])).toMatchObject({ valor: 333.33, qtd_dias: 60, prorata: 20, taxa: 6 });
    expect(byId.get(ids[2])).toMatchObject({ valor: 123.45, qtd_dias: 1, prorata: 0.12 });
    expect(byId.get(ids[3])).toMatchObject({ valor: 104, qtd_dias: 1, prorata: 0.1 });
    expect(body.totais).toEqual({
      data_simulacao: today,
      qtd_boletos: 4,
      total_boletos: 1060.78,
      total_prorata: 35.72,
      total_taxa_antecipacao: 26.52,
      taxa_basica: 0,
      total_antecipacao: 998.54,
    });
    expect(body.taxas).toEqual({ taxa_prorrata: 0.1, taxa_antecipacao: 2.5 });
  });

  it('leaves out boletos due today or earlier, not GARANTIDO, or of another empresa', async () => {
    const loja = await lojaQueAntecipa(t);
    const db = t.database.db;
    const due = await garantidos(db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id, parcelas: [10000], primeiroVencimento: today });
    const paid = await garantidos(db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id, parcelas: [10000], primeiroVencimento: addDays(today, 10) });
    await move(db, paid.boletos[0].id, ['baixar']);
    const other = await lojaQueAntecipa(t);
    await garantidos(db, { empresa_id: other.empresa.id, usuario_id: other.user.id, parcelas: [10000], primeiroVencimento: addDays(today, 10) });
    const ok = await garantidos(db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id, parcelas: [10000], primeiroVencimento: addDays(today, 10) });
    const body = (await simulate(loja.token)).json();
    expect(body.boletos.map((b: { id: number }) => b.id)).toEqual([ok.boletos[0].id]);
    expect(due.boletos).toHaveLength(1);
  });

  it('answers no totals and says so when there is nothing to advance', async () => {
    const loja = await lojaQueAntecipa(t);
    const res = await simulate(loja.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ boletos: [], totais: null, msg: 'Não há boletos disponíveis para antecipação.' });
  });
});

describe('level and flag rules', () => {
  it('refuses an empresa with antecipa N, the administrador and the franqueado', async () => {
    const semAntecipa = await t.userWithToken({ nivel: '1' });
    expect((await simulate(semAntecipa.token)).statusCode).toBe(403);
    expect((await simulate(semAntecipa.token)).json().msg).toBe('A antecipação não está habilitada para a sua empresa.');
    expect((await post(t, '/api/relatorio/createAntecipacao', semAntecipa.token, { data_simulacao: today, boletos: [{ id: 1, valor: 1, vencimento: today, prorata: 0 }], totais: { qtd_boletos: 1, total_boletos: 1, total_prorata: 0, total_taxa_antecipacao: 0, taxa_basica: 0, total_antecipacao: 1 } })).statusCode).toBe(403);
    // an administrador only looks at the simulation of the shop it names (antecipacao-admin.int.test.ts)
    expect((await simulate(admin.token)).statusCode).toBe(422);
    expect((await post(t, '/api/relatorio/createAntecipacao', admin.token, { data_simulacao: today, boletos: [{ id: 1, valor: 1, vencimento: today, prorata: 0 }], totais: { qtd_boletos: 1, total_boletos: 1, total_prorata: 0, total_taxa_antecipacao: 0, taxa_basica: 0, total_antecipacao: 1 } })).statusCode).toBe(403);
    const franquia = await createEmpresa(t.database.db, { antecipa: 'S', taxa_antecipacao: '2.5' });
    const franqueado = await t.userWithToken({ nivel: '3', empresa_id: franquia.id });
    expect((await simulate(franqueado.token)).statusCode).toBe(403);
  });

  it('lets only administradores approve or deny', async () => {
    const loja = await lojaQueAntecipa(t);
    await workedExample(loja.empresa.id, loja.user.id);
    const created = await post(t, '/api/relatorio/createAntecipacao', loja.token, requestOf((await simulate(loja.token)).json()));
    const id = created.json().data.id;
    expect((await post(t, `/api/relatorio/aprovaAntecipacao/${id}`, loja.token)).statusCode).toBe(403);
    expect((await post(t, `/api/relatorio/negaAntecipacao/${id}`, loja.token)).statusCode).toBe(403);
    expect((await post(t, '/api/relatorio/aprovaAntecipacao/999999999', admin.token)).statusCode).toBe(404);
  });
});

describe('createAntecipacao', () => {
  it('stores the figures it showed, EM ANÁLISE, and lists it', async () => {
    const loja = await lojaQueAntecipa(t);
    await workedExample(loja.empresa.id, loja.user.id);
    const sim = (await simulate(loja.token)).json();
    const res = await post(t, '/api/relatorio/createAntecipacao', loja.token, requestOf(sim));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Solicitação de antecipação enviada para análise!');
    const id = res.json().data.id;
    const detail = (await get(t, `/api/relatorio/getAntecipacao/${id}`, loja.token)).json().data;
    expect(detail).toMatchObject({ situacao: 'EM ANÁLISE', qtd_boletos: 4, total_boletos: 1060.78, total_prorata: 35.72, total_taxa_antecipacao: 26.52, taxa_basica: 0, total_antecipacao: 998.54, data_simulacao: today, usuario: loja.user.name, decidido_por: null });
    expect(detail.boletos.map((b: { id: number; prorata: number; qtd_dias: number }) => [b.id, b.prorata, b.qtd_dias])).toEqual(sim.boletos.map((b: { id: number; prorata: number; qtd_dias: number }) => [b.id, b.prorata, b.qtd_dias]));
    const list = (await get(t, '/api/relatorio/getAllAntecipacao', loja.token)).json();
    expect(list).toMatchObject({ total: 1, from: 1, to: 1, current_page: 1 });
    expect(list.data[0]).toMatchObject({ id, situacao: 'EM ANÁLISE', total_antecipacao: 998.54, fantasia: loja.empresa.fantasia });
    // the boletos are in an open advance: nothing left to simulate
    expect((await simulate(loja.token)).json().boletos).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, String(id)));
    expect(audit.map((a) => a.action)).toContain('antecipacao.create');
  });

  it('refuses a simulation that no longer holds (a boleto paid meanwhile) and stores nothing', async () => {
    const loja = await lojaQueAntecipa(t);
    const ids = await workedExample(loja.empresa.id, loja.user.id);
    const sim = (await simulate(loja.token)).json();
    await move(t.database.db, ids[0], ['baixar']); // the customer paid the shop
    const res = await post(t, '/api/relatorio/createAntecipacao', loja.token, requestOf(sim));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/Os valores da simulação mudaram/);
    expect(res.json().diferencas).toEqual(expect.arrayContaining(['totals.qtdBoletos', 'totals.totalBoletosCents', `boletos[${ids[0]}]`]));
    expect(await t.database.db.select().from(antecipacao).where(eq(antecipacao.empresa_id, loja.empresa.id))).toEqual([]);
  });

  it('refuses figures that were tampered with', async () => {
    const loja = await lojaQueAntecipa(t);
    await workedExample(loja.empresa.id, loja.user.id);
    const req = requestOf((await simulate(loja.token)).json());
    const res = await post(t, '/api/relatorio/createAntecipacao', loja.token, { ...req, totais: { ...req.totais, total_antecipacao: 1000 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().diferencas).toEqual(['totals.totalAntecipacaoCents']);
  });

  it('accepts one of two identical requests sent at once', async () => {
    const loja = await lojaQueAntecipa(t);
    await workedExample(loja.empresa.id, loja.user.id);
    const req = requestOf((await simulate(loja.token)).json());
    const results = await Promise.all([1, 2].map(() => post(t, '/api/relatorio/createAntecipacao', loja.token, req)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(antecipacao).where(eq(antecipacao.empresa_id, loja.empresa.id))).toHaveLength(1);
  });
});

describe('aprovaAntecipacao / negaAntecipacao', () => {
  async function emAnalise() {
    const loja = await lojaQueAntecipa(t);
    const ids = await workedExample(loja.empresa.id, loja.user.id);
    const res = await post(t, '/api/relatorio/createAntecipacao', loja.token, requestOf((await simulate(loja.token)).json()));
    return { loja, ids, id: res.json().data.id as number };
  }

  it('two concurrent approvals: one wins, the other is told it was already decided', async () => {
    const { id } = await emAnalise();
    const results = await Promise.all([1, 2].map(() => post(t, `/api/relatorio/aprovaAntecipacao/${id}`, admin.token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe('Esta antecipação já foi decidida: APROVADA.');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, String(id)));
    expect(audit.filter((a) => a.action === 'antecipacao.aprovar')).toHaveLength(1);
  });

  it('approve and deny at once: exactly one decision stands, and it is final', async () => {
    const { id } = await emAnalise();
    const [a, n] = await Promise.all([post(t, `/api/relatorio/aprovaAntecipacao/${id}`, admin.token), post(t, `/api/relatorio/negaAntecipacao/${id}`, admin.token)]);
    expect([a.statusCode, n.statusCode].sort()).toEqual([200, 409]);
    const situacao = (await get(t, `/api/relatorio/getAntecipacao/${id}`, admin.token)).json().data.situacao;
    expect(situacao).toBe(a.statusCode === 200 ? 'APROVADA' : 'NEGADA');
    expect((await post(t, `/api/relatorio/negaAntecipacao/${id}`, admin.token)).statusCode).toBe(409);
    expect((await post(t, `/api/relatorio/aprovaAntecipacao/${id}`, admin.token)).statusCode).toBe(409);
  });

  it('approval keeps the boletos out of any new advance and opens the document', async () => {
    const { loja, id } = await emAnalise();
    expect((await get(t, `/api/relatorio/getAntecipacaoDocumento/${id}`, loja.token)).statusCode).toBe(409);
    const res = await post(t, `/api/relatorio/aprovaAntecipacao/${id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Antecipação aprovada!', data: { id, situacao: 'APROVADA' } });
    expect((await simulate(loja.token)).json().boletos).toEqual([]);
    const pdf = await get(t, `/api/relatorio/getAntecipacaoDocumento/${id}`, loja.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Documento de Antecipação de Recebíveis');
    expect(text).toContain(loja.empresa.razao);
    for (const figure of ['R$ 1.060,78', 'R$ 35,72', 'R$ 26,52', 'R$ 998,54']) expect(text).toContain(figure);
    const detail = (await get(t, `/api/relatorio/getAntecipacao/${id}`, loja.token)).json().data;
    expect(detail.decidido_por).toBe(admin.user.name);
  });

  it('denial releases the boletos for a new advance', async () => {
    const { loja, ids, id } = await emAnalise();
    const res = await post(t, `/api/relatorio/negaAntecipacao/${id}`, admin.token);
    expect(res.json()).toMatchObject({ status: 200, data: { situacao: 'NEGADA' } });
    expect((await simulate(loja.token)).json().boletos.map((b: { id: number }) => b.id).sort()).toEqual([...ids].sort());
    expect((await get(t, `/api/relatorio/getAntecipacaoDocumento/${id}`, admin.token)).statusCode).toBe(409);
  });

  it('refuses to approve when a boleto left GARANTIDO after the request', async () => {
    const { ids, id } = await emAnalise();
    await move(t.database.db, ids[1], ['liquidar']);
    const res = await post(t, `/api/relatorio/aprovaAntecipacao/${id}`, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'Um ou mais boletos desta antecipação não estão mais GARANTIDOS; negue a solicitação.', boletos: [ids[1]] });
    expect((await post(t, `/api/relatorio/negaAntecipacao/${id}`, admin.token)).statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  it('an usuario sees only its empresa advances; another empresa advance answers 404', async () => {
    const a = await lojaQueAntecipa(t);
    const b = await lojaQueAntecipa(t);
    await workedExample(a.empresa.id, a.user.id);
    const id = (await post(t, '/api/relatorio/createAntecipacao', a.token, requestOf((await simulate(a.token)).json()))).json().data.id;
    expect((await get(t, '/api/relatorio/getAllAntecipacao', b.token)).json()).toMatchObject({ total: 0, data: [] });
    expect((await get(t, `/api/relatorio/getAntecipacao/${id}`, b.token)).statusCode).toBe(404);
    expect((await get(t, `/api/relatorio/getAntecipacaoDocumento/${id}`, b.token)).statusCode).toBe(404);
    expect((await get(t, `/api/relatorio/getAntecipacao/${id}`, a.token)).statusCode).toBe(200);
    // the administrador sees every empresa and filters by one
    const all = (await get(t, `/api/relatorio/getAllAntecipacao?empresa_id=${a.empresa.id}&situacao=EM%20AN%C3%81LISE`, admin.token)).json();
    expect(all.data.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it("a franqueado reads its franchisees' advances", async () => {
    const franquia = await createEmpresa(t.database.db);
    const franqueado = await t.userWithToken({ nivel: '3', empresa_id: franquia.id });
    const loja = await lojaQueAntecipa(t, { franqueado_id: franquia.id });
    await workedExample(loja.empresa.id, loja.user.id);
    const id = (await post(t, '/api/relatorio/createAntecipacao', loja.token, requestOf((await simulate(loja.token)).json()))).json().data.id;
    expect((await get(t, '/api/relatorio/getAllAntecipacao', franqueado.token)).json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await post(t, `/api/relatorio/aprovaAntecipacao/${id}`, franqueado.token)).statusCode).toBe(403);
  });
});
