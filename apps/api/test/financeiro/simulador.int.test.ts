import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateSale, todayInSaoPaulo } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { get, lojaQueAntecipa } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const url = (valor: string | number, n: string | number, query = '') => `/api/simulador/antecipacao/${valor}/${n}${query}`;

describe('GET /api/simulador/antecipacao/{valor}/{qtdParcelas}', () => {
  it("answers the domain's simulateSale with the empresa's taxa_prorrata", async () => {
    const loja = await lojaQueAntecipa(t, { taxa_prorrata: '0.15' });
    const res = await get(t, url('1000.00', 3), loja.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = simulateSale({ valueCents: 100000, installments: 3, today: todayInSaoPaulo(), taxaProrrata: '0.15' });
    expect(body).toMatchObject({ valor: 1000, qtd_parcelas: 3, taxa_prorrata: 0.15, empresa_id: loja.empresa.id });
    expect(body.valor_nova_parcela).toBe(expected.valorNovaParcelaCents / 100);
    expect(body.total).toBe(expected.totalCents / 100);
    expect(body.boletos.map((b: { vencimento: string; valor_nova_parcela: number }) => [b.vencimento, b.valor_nova_parcela])).toEqual(
      expected.boletos.map((b) => [b.vencimento, b.valorNovaParcelaCents / 100]),
    );
    // every instalment carries the same value and they add up to the total
    expect(Math.round(body.boletos.reduce((s: number, b: { valor_nova_parcela: number }) => s + b.valor_nova_parcela * 100, 0))).toBe(Math.round(body.total * 100));
  });

  it('refuses an empresa with simula_venda N', async () => {
    const user = await t.userWithToken({ nivel: '1' });
    const res = await get(t, url(1000, 2), user.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('O simulador de venda não está habilitado para a sua empresa.');
  });

  it('administrador: the default taxa_prorrata 0.1, or the rate of the empresa it picks', async () => {
    const admin = await t.userWithToken({ nivel: '2' });
    const padrao = (await get(t, url(1000, 3), admin.token)).json();
    expect(padrao).toMatchObject({ taxa_prorrata: 0.1, empresa_id: null });
    const expected = simulateSale({ valueCents: 100000, installments: 3, today: todayInSaoPaulo(), taxaProrrata: '0.1' });
    expect(padrao.total).toBe(expected.totalCents / 100);
    const emp = await createEmpresa(t.database.db, { taxa_prorrata: '0.2' });
    expect((await get(t, url(1000, 3, `?empresa_id=${emp.id}`), admin.token)).json()).toMatchObject({ taxa_prorrata: 0.2, empresa_id: emp.id });
    expect((await get(t, url(1000, 3, '?empresa_id=999999999'), admin.token)).statusCode).toBe(404);
  });

  it.each([
    [0, 2, 'valor', 'É obrigatório informar o valor da venda'],
    ['abc', 2, 'valor', 'Informe um valor válido!'],
    ['10.999', 2, 'valor', 'Informe um valor válido!'],
    [1000, 1, 'qtdParcelas', 'A quantidade de parcelas deve ser de 2 a 12.'],
    [1000, 13, 'qtdParcelas', 'A quantidade de parcelas deve ser de 2 a 12.'],
  ])('refuses valor %s with %s parcelas (%s: %s)', async (valor, n, field, msg) => {
    const loja = await lojaQueAntecipa(t);
    const res = await get(t, url(valor, n), loja.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(msg);
  });
});
