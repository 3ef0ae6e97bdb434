import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POLITICA_PADRAO } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createTestApp, type TestApp } from '../harness.js';
import { payload } from '../garantias/helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  const e = await createEmpresa(t.database.db, { qtd_max_parcelas: 12 });
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1', empresa_id: e.id });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => t.call({ method, url, token, ...(body === undefined ? {} : { payload: body as object }) });
const faixas = (aprovarDesde: number) => [
  { de: 0, ate: 299, resultado: 'NEGAR' }, { de: 300, ate: aprovarDesde - 1, resultado: 'ANALISAR' }, { de: aprovarDesde, ate: 1000, resultado: 'APROVAR' },
];
const versao = (aprovarDesde: number) => ({
  regras: { ...POLITICA_PADRAO.regras, renda_minima_cents: 200000, faixas_score: faixas(aprovarDesde) },
  limites: { boleto: null, garantia: null, loja: null, documento: null },
  liberacao_automatica: false,
});

describe('simulação de uma versão sobre o histórico', () => {
  it('gives the hand-computed approval rate, changes and default rate', async () => {
    // v1 publicada: score ≥ 500 aprova, renda mínima R$ 2.000,00
    const v1 = (await call('POST', '/api/credito/politica/rascunho', admin.token, versao(500))).json().data.id;
    expect((await call('POST', `/api/credito/politica/publicar/${v1}`, admin.token)).statusCode).toBe(200);
    // the local bureau scores a new person 500, +40 from R$ 2.000,00 of renda, +80 from R$ 5.000,00
    const ask = async (renda: number) => (await call('POST', '/api/garantia/solicitaGarantia', loja.token, payload({ renda }))).json().data;
    const a = await ask(5000); // 580 → APROVAR
    const b = await ask(5000); // 580 → APROVAR
    const c = await ask(1500); // 500, renda < 2.000 → ANALISAR
    const d = await ask(2500); // 540 → APROVAR
    const e = await ask(5000); // 580 → APROVAR, but 7 months old: outside the 6-month window
    expect([a, b, c, d, e].map((x) => x.avaliacao.resultado)).toEqual(['APROVAR', 'APROVAR', 'ANALISAR', 'APROVAR', 'APROVAR']);
    await t.database.db.execute(sql`update garantia set data = now() - interval '7 months' where id = ${e.id}`);
    // what happened afterwards: one boleto of A paid by the guarantor (default); B paid nothing wrong
    await t.database.db.execute(sql`update boleto set situacao = 'QUITADO' where garantia_id = ${a.id} and parcela = 1`);

    // the draft approves from 560: D (540) would go to analysis
    const v2 = (await call('POST', '/api/credito/politica/rascunho', admin.token, versao(560))).json().data.id;
    const res = await call('GET', `/api/credito/politica/simular/${v2}?meses=6`, admin.token);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({
      versao: 2,
      meses: 6,
      solicitacoes: 4,
      por_resultado: { APROVAR: 2, ANALISAR: 2, NEGAR: 0 },
      taxa_aprovacao: 50, // 2 of 4
      aprovadas_com_historico: 2, // A and B were guaranteed (APROVADO)
      inadimplencia_aprovadas: 50, // A defaulted: 1 of 2
    });
    expect(s.mudancas).toEqual([
      expect.objectContaining({ garantia_id: d.id, resultado_atual: 'APROVAR', resultado_simulado: 'ANALISAR', status_real: 'APROVADO', inadimplente: false }),
    ]);
    // the simulation writes nothing
    const n = await t.database.db.execute(sql`select count(*)::int as n from garantia_avaliacao`);
    expect((n as { rows: { n: number }[] }).rows[0].n).toBe(5);
    // over 12 months E counts too: 5 requests, 3 approvals (60 %), 3 guaranteed with 1 default (33,33 %)
    const s12 = (await call('GET', `/api/credito/politica/simular/${v2}?meses=12`, admin.token)).json().data;
    expect(s12).toMatchObject({ solicitacoes: 5, taxa_aprovacao: 60, aprovadas_com_historico: 3, inadimplencia_aprovadas: 33.33 });
    // bad input is a 422, not a 500; a loja user is refused
    expect((await call('GET', `/api/credito/politica/simular/${v2}?meses=0`, admin.token)).statusCode).toBe(422);
    expect((await call('GET', `/api/credito/politica/simular/${v2}?meses=abc`, admin.token)).statusCode).toBe(422);
    expect((await call('GET', `/api/credito/politica/simular/${v2}`, loja.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/credito/politica/simular/999999', admin.token)).statusCode).toBe(404);
  });
});
