import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { boleto, boletoHistorico, garantia } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const post = (url: string, token = admin.token, payload?: unknown) => t.call({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
const make = (over: Parameters<typeof createGarantia>[1] extends infer P ? Partial<P> : never = {}) =>
  createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, ...over });
const statusOf = async (id: number) => (await t.database.db.select().from(garantia).where(eq(garantia.id, id)))[0];
const situacoes = async (id: number) => (await t.database.db.select().from(boleto).where(eq(boleto.garantia_id, id)).orderBy(boleto.parcela)).map((b) => b.situacao);

describe('guarantee decisions', () => {
  it('aprovar: PENDENTE → APROVADO, records who; a second approval is refused with 409', async () => {
    const { garantia: g } = await make();
    const ok = await post(`/api/garantia/aprovar/${g.id}`);
    expect(ok.json()).toEqual({ status: 200, msg: 'Garantia aprovada.' });
    expect(await statusOf(g.id)).toMatchObject({ status: 'APROVADO', libera_boleto: 'N', decidido_por: admin.user.id });
    const again = await post(`/api/garantia/aprovar/${g.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Não é possível aprovar: a garantia está PRÉ APROVADO. Atualize a tela.');
  });

  it('two administradores approving at once: one succeeds, the other gets a clear message', async () => {
    const { garantia: g } = await make();
    const other = await t.userWithToken({ nivel: '2' });
    const results = await Promise.all([post(`/api/garantia/aprovar/${g.id}`), post(`/api/garantia/aprovar/${g.id}`, other.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().msg).toContain('a garantia está PRÉ APROVADO');
  });

  it('negar: needs one of the reasons and a note; boletos end CANCELADO; refused once decided', async () => {
    const { garantia: g } = await make();
    const bad = await post(`/api/garantia/negar/${g.id}/${encodeURIComponent('Qualquer coisa')}/obs`);
    expect(bad.statusCode).toBe(422);
    const url = `/api/garantia/negar/${g.id}/${encodeURIComponent('Baixo escore de crédito')}/${encodeURIComponent('Score 210 / renda incompatível')}`;
    expect((await post(url)).json().status).toBe(200);
    expect(await statusOf(g.id)).toMatchObject({ status: 'NÃO AUTORIZADO', motivo: 'Baixo escore de crédito', observacao: 'Score 210 / renda incompatível' });
    expect(await situacoes(g.id)).toEqual(['CANCELADO', 'CANCELADO', 'CANCELADO']);
    expect((await post(url)).statusCode).toBe(409);
    expect((await post(`/api/garantia/aprovar/${g.id}`)).json().msg).toContain('NÃO AUTORIZADO');
  });

  it('liberaBoleto: only while APROVADO and not yet released; boletos become DISPONÍVEL PARA PAGAMENTO', async () => {
    const { garantia: pend } = await make();
    expect((await post(`/api/garantia/liberaBoleto/${pend.id}`)).statusCode).toBe(409);
    const { garantia: g } = await make({ status: 'APROVADO' });
    expect((await post(`/api/garantia/liberaBoleto/${g.id}`)).json().status).toBe(200);
    expect(await statusOf(g.id)).toMatchObject({ libera_boleto: 'S', liberado_por: admin.user.id });
    expect(await situacoes(g.id)).toEqual(Array(3).fill('DISPONÍVEL PARA PAGAMENTO'));
    expect((await post(`/api/garantia/liberaBoleto/${g.id}`)).statusCode).toBe(409);
  });

  it('cancelar before release: APROVADO → CANCELADO and boletos CANCELADO; PENDENTE is refused', async () => {
    const { garantia: pend } = await make();
    expect((await post(`/api/garantia/cancelar/${pend.id}`)).statusCode).toBe(409);
    const { garantia: g } = await make({ status: 'APROVADO' });
    expect((await post(`/api/garantia/cancelar/${g.id}`)).json().status).toBe(200);
    expect(await statusOf(g.id)).toMatchObject({ status: 'CANCELADO', cancelado_por: admin.user.id });
    expect(await situacoes(g.id)).toEqual(['CANCELADO', 'CANCELADO', 'CANCELADO']);
    expect((await post(`/api/garantia/cancelar/${g.id}`)).statusCode).toBe(409);
  });

  it('cancelar after release: cancellable boletos follow the state machine, paid ones stay', async () => {
    const { garantia: g, boletos } = await make({ status: 'APROVADO', libera_boleto: 'S', situacao: 'DISPONÍVEL PARA PAGAMENTO' });
    await t.database.db.update(boleto).set({ situacao: 'GARANTIDO' }).where(eq(boleto.id, boletos[1].id));
    await t.database.db.update(boleto).set({ situacao: 'LIQUIDADO' }).where(eq(boleto.id, boletos[2].id));
    expect((await post(`/api/garantia/cancelar/${g.id}`)).json().status).toBe(200);
    expect(await situacoes(g.id)).toEqual(['CANCELADO SR', 'ENVIADO PARA CANCELAMENTO', 'LIQUIDADO']);
    const hist = await t.database.db.select().from(boletoHistorico).where(eq(boletoHistorico.boleto_id, boletos[0].id));
    expect(hist.at(-1)).toMatchObject({ de: 'DISPONÍVEL PARA PAGAMENTO', para: 'CANCELADO SR', motivo: 'Garantia cancelada', usuario_id: admin.user.id });
  });

  it('decisions are for administradores only and answer 404 for an unknown guarantee', async () => {
    const { garantia: g } = await make();
    for (const path of ['aprovar', 'cancelar', 'liberaBoleto']) expect((await post(`/api/garantia/${path}/${g.id}`, loja.token)).statusCode).toBe(403);
    expect((await post('/api/garantia/aprovar/99999999')).statusCode).toBe(404);
  });
});

describe('Acerto de Atendimento (POST /api/boleto/update/{id})', () => {
  it('changes vencimento and valor of an open boleto, records history; refuses paid ones and usuarios', async () => {
    const { boletos } = await make({ status: 'APROVADO', libera_boleto: 'S', situacao: 'DISPONÍVEL PARA PAGAMENTO' });
    const venc = boletos[0].vencimento.replace(/-(\d\d)$/, (_, d) => `-${String(Math.min(28, Number(d) + 1)).padStart(2, '0')}`);
    const res = await post(`/api/boleto/update/${boletos[0].id}`, admin.token, { vencimento: venc, valor: 312.4 });
    expect(res.json()).toEqual({ status: 200, msg: 'Boleto atualizado.', data: { id: boletos[0].id, vencimento: venc, valor: 312.4 } });
    const [b] = await t.database.db.select().from(boleto).where(eq(boleto.id, boletos[0].id));
    expect(b).toMatchObject({ valor: '312.40', vencimento: venc, situacao: 'DISPONÍVEL PARA PAGAMENTO' });
    const hist = await t.database.db.select().from(boletoHistorico).where(eq(boletoHistorico.boleto_id, b.id));
    expect(hist.at(-1)).toMatchObject({ motivo: 'Acerto de atendimento', de: 'DISPONÍVEL PARA PAGAMENTO', para: 'DISPONÍVEL PARA PAGAMENTO' });
    expect((await post(`/api/boleto/update/${b.id}`, loja.token, { vencimento: venc, valor: 10 })).statusCode).toBe(403);
    const bad = await post(`/api/boleto/update/${b.id}`, admin.token, { vencimento: '2020-01-01', valor: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['valor', 'vencimento']);
    await t.database.db.update(boleto).set({ situacao: 'LIQUIDADO' }).where(eq(boleto.id, b.id));
    expect((await post(`/api/boleto/update/${b.id}`, admin.token, { vencimento: venc, valor: 10 })).statusCode).toBe(409);
  });
});

describe('tenancy of reads', () => {
  it('getById answers 404 outside the usuario scope and the record inside it', async () => {
    const { garantia: g } = await make();
    const stranger = await t.userWithToken({ nivel: '1', empresa_id: (await createEmpresa(t.database.db)).id });
    expect((await t.call({ method: 'GET', url: `/api/garantia/getById/${g.id}`, token: stranger.token })).statusCode).toBe(404);
    const mine = await t.call({ method: 'GET', url: `/api/garantia/getById/${g.id}`, token: loja.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.consultas).toEqual({ restritiva: null, analitica: null });
    expect((await t.call({ method: 'GET', url: '/api/garantia/getAllPaginate', token: loja.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/garantia/getDuplicatas/${g.id}`, token: stranger.token })).statusCode).toBe(404);
  });
});
