import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { parametroSistema } from '../../src/db/schema/index.js';
import { garantidos, get, lojaQueAntecipa, post } from './support.js';

// Changes the system-wide taxa básica: like every test app it has its own database, so no other file sees it.
let t: TestApp;
const today = todayInSaoPaulo();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setTaxaBasica = (valor: string) => t.database.db.update(parametroSistema).set({ valor }).where(eq(parametroSistema.chave, 'taxa_basica_antecipacao'));

describe('taxa básica (parametro_sistema)', () => {
  it('starts at R$ 0,00 and is charged once per advance when set', async () => {
    const [row] = await t.database.db.select().from(parametroSistema).where(eq(parametroSistema.chave, 'taxa_basica_antecipacao'));
    expect(row.valor).toBe('0.00');
    const loja = await lojaQueAntecipa(t);
    for (const [cents, days] of [[50000, 31], [33333, 60], [12345, 1], [10400, 1]] as const) {
      await garantidos(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id, parcelas: [cents], primeiroVencimento: addDays(today, days) });
    }
    await setTaxaBasica('9.90');
    const sim = (await get(t, '/api/relatorio/simulaAntecipacao', loja.token)).json();
    // docs/financial-math.md §2: 106 078 − 3 572 − 2 652 − 990 = 98 864
    expect(sim.totais).toMatchObject({ total_boletos: 1060.78, total_prorata: 35.72, total_taxa_antecipacao: 26.52, taxa_basica: 9.9, total_antecipacao: 988.64 });

    // a new taxa básica between the simulation and the request: the figures no longer hold
    await setTaxaBasica('12.00');
    const body = { data_simulacao: sim.totais.data_simulacao, boletos: sim.boletos, totais: sim.totais };
    const stale = await post(t, '/api/relatorio/createAntecipacao', loja.token, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().diferencas).toEqual(['totals.taxaBasicaCents', 'totals.totalAntecipacaoCents']);
    await setTaxaBasica('9.90');
    expect((await post(t, '/api/relatorio/createAntecipacao', loja.token, body)).statusCode).toBe(200);
  });
});
