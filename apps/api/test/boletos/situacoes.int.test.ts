import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { boletoContracts, type BoletoAction } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { allocateNossoNumero } from '../../src/modules/conta-cobranca/allocate-nosso-numero.js';
import { ensureConta, move, pdfText, releasedGarantia } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let outra: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken();
  outra = await t.userWithToken();
});
afterAll(async () => t?.close());

async function boletoIn(actions: BoletoAction[], parcelas?: number[], primeiroVencimento?: string) {
  const { boletos } = await releasedGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: parcelas ?? [25000], primeiroVencimento });
  await move(t.database.db, boletos[0].id, actions);
  return boletos[0].id;
}
const post = (path: string, token: string, payload: object = {}) => t.call({ method: 'POST', url: path, token, payload });
const situacao = async (id: number) => (await t.call({ method: 'GET', url: `/api/boleto/getById/${id}`, token: admin.token })).json().data.situacao;

describe('boleto situações through the API', () => {
  it.each([
    ['cancelar', [], 'CANCELADO SR'],
    ['cancelar', ['remessa'], 'ENVIADO PARA CANCELAMENTO'],
    ['cancelar', ['remessa', 'confirmarEntrada'], 'ENVIADO PARA CANCELAMENTO'],
    ['quitar', ['remessa', 'confirmarEntrada'], 'QUITADO'],
    ['baixar', ['remessa', 'confirmarEntrada'], 'ENVIADO PARA BAIXA'],
    ['marcarQuitado', ['remover', 'confirmarRemocao'], 'QUITADO'],
  ] as [string, BoletoAction[], string][])('%s after %j → %s, and refused the second time', async (action, before, to) => {
    const id = await boletoIn(before);
    const ok = await post(`/api/boleto/${action}/${id}`, admin.token, { motivo: 'teste' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.to).toBe(to);
    expect(await situacao(id)).toBe(to);
    const again = await post(`/api/boleto/${action}/${id}`, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`Operação não permitida: o boleto está ${to}.`);
  });

  it.each([
    ['cancelar', ['liquidar']],
    ['quitar', ['remover']],
    ['marcarQuitado', ['remessa', 'confirmarEntrada']],
    ['baixar', ['cancelar']],
  ] as [string, BoletoAction[]][])('refuses %s from the wrong state', async (action, before) => {
    const id = await boletoIn(before);
    const res = await post(`/api/boleto/${action}/${id}`, admin.token);
    expect(res.statusCode).toBe(409);
  });

  it('records the history (who, from, to, why) in getById', async () => {
    const id = await boletoIn(['remessa', 'confirmarEntrada']);
    await post(`/api/boleto/quitar/${id}`, admin.token, { motivo: 'garantia honrada' });
    const h = (await t.call({ method: 'GET', url: `/api/boleto/getById/${id}`, token: admin.token })).json().data.historico;
    expect(h.map((x: { para: string }) => x.para)).toEqual(['DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO']);
    expect(h[3]).toMatchObject({ de: 'GARANTIDO', motivo: 'garantia honrada', usuario: admin.user.name });
  });

  it('lets the shop receive its own boleto (Receber) and opens the public receipt by token only', async () => {
    const id = await boletoIn(['remessa', 'confirmarEntrada'], [10000], '2026-10-23');
    expect((await post(`/api/boleto/quitar/${id}`, loja.token)).statusCode).toBe(403);
    expect((await post(`/api/boleto/baixar/${id}`, outra.token)).statusCode).toBe(404);
    const res = await post(`/api/boleto/baixar/${id}`, loja.token);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.comprovante_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await t.app.inject({ method: 'GET', url: `/api/boleto/getComprovante/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Comprovante de Recebimento');
    expect(page.body).toContain(loja.user.name);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['x-robots-tag']).toBe('noindex');
    // a public page: exactly what a receipt shows, nothing more
    const labels = [...page.body.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(labels).toEqual(['Loja', 'Cliente', 'CPF/CNPJ', 'Garantia', 'Parcela', 'Vencimento', 'Valor', 'Nosso número', 'Linha digitável', 'Recebido em', 'Registrado por', 'Situação']);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/boleto/getComprovante/${token}?formato=pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('Comprovante de Recebimento');
    // a token one character off (never the same character, or the "guess" would be the token)
    const guessed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const guess = await t.app.inject({ method: 'GET', url: `/api/boleto/getComprovante/${guessed}` });
    expect(guess.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/boleto/getComprovante/${id}` })).statusCode).toBe(404);
  });

  it('changes state once under concurrent requests', async () => {
    const id = await boletoIn(['remessa', 'confirmarEntrada']);
    const results = await Promise.all([1, 2, 3].map(() => post(`/api/boleto/baixar/${id}`, admin.token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('lists', () => {
  it('scopes getAllPaginate by empresa and computes Valor Atualizado for receipts', async () => {
    const id = await boletoIn(['remessa', 'confirmarEntrada'], [10001], '2026-10-23');
    const mine = await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', token: loja.token, query: { situacao: 'GARANTIDO', per_page: '100' } });
    const row = mine.json().data.find((r: { id: number }) => r.id === id);
    // 30 days late on the suite's calendar? Valor Atualizado follows the domain rule from today.
    expect(row).toMatchObject({ situacao: 'GARANTIDO', valor: 100.01 });
    expect(row.valor_atualizado).toBeGreaterThan(100.01);
    // the total (counted without pessoa and empresa) is the loja's GARANTIDO boletos, no more
    const { rows } = (await t.database.db.execute(sql`
      select count(*)::int as n from boleto b join garantia g on g.id = b.garantia_id
       where b.situacao = 'GARANTIDO' and g.empresa_id = ${loja.user.empresa_id}`)) as { rows: { n: number }[] };
    expect(mine.json().total).toBe(rows[0].n);
    expect(mine.json().data).toHaveLength(Math.min(100, rows[0].n));
    const theirs = await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', token: outra.token, query: { situacao: 'GARANTIDO' } });
    expect(theirs.json().data.find((r: { id: number }) => r.id === id)).toBeUndefined();
    const bad = await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', token: admin.token, query: { situacao: 'QUALQUER' } });
    expect(bad.statusCode).toBe(422);
  });

  it('answers only the fields of the contract (no bank numbers or internal ids in the list)', async () => {
    const id = await boletoIn(['remessa', 'confirmarEntrada']);
    const res = await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', token: loja.token, query: { situacao: 'GARANTIDO', per_page: '100' } });
    const row = res.json().data.find((r: { id: number }) => r.id === id);
    expect(Object.keys(row).sort()).toEqual(Object.keys(boletoContracts.getAllPaginate.response.shape.data.element.shape).sort());
    for (const hidden of ['empresa_id', 'pessoa_id', 'nosso_numero', 'linha_digitavel', 'comprovante_token']) expect(row).not.toHaveProperty(hidden);
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const all = await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', token: admin.token, query: { situacao: '', empresa_id: '' } });
    expect(all.statusCode).toBe(200);
  });
});

describe('nosso número', () => {
  it('is unique under concurrent allocation and never reused after a rollback', async () => {
    const conta = await ensureConta(t.database.db);
    const numbers = await Promise.all(Array.from({ length: 25 }, () => t.database.db.transaction((tx) => allocateNossoNumero(tx, conta))));
    expect(new Set(numbers).size).toBe(25);
    const lost = await t.database.db
      .transaction(async (tx) => {
        const n = await allocateNossoNumero(tx, conta);
        throw Object.assign(new Error('rollback'), { n });
      })
      .catch((e: { n: number }) => e.n);
    const next = await t.database.db.transaction((tx) => allocateNossoNumero(tx, conta));
    expect(next).toBeGreaterThan(lost);
  });

  it('never gives two boletos one number when guarantees are released concurrently', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, () => releasedGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [1000, 2000, 3000] })),
    );
    const ids = made.flatMap((m) => m.boletos.map((b) => b.id));
    const res = await t.database.db.execute(
      sql`select count(distinct nosso_numero)::int as d, count(*)::int as n from boleto where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
    );
    const row = (res as { rows: { d: number; n: number }[] }).rows[0];
    expect(row).toEqual({ d: 18, n: 18 });
  });
});
