import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { POLITICA_PADRAO } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { boleto, cpfSuspeito, garantia, garantiaAvaliacao, garantiaRevisao, mensagemOutbox, politicaCredito } from '../../src/db/schema/index.js';
import { politicaPublicada } from '../../src/modules/credito/politica-vigente.js';
import { createTestApp, type TestApp } from '../harness.js';
import { newCpf, payload } from '../garantias/helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let outraLoja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  const e1 = await createEmpresa(t.database.db, { qtd_max_parcelas: 12, email: 'loja1@example.com' });
  const e2 = await createEmpresa(t.database.db, { qtd_max_parcelas: 12 });
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1', empresa_id: e1.id });
  outraLoja = await t.userWithToken({ nivel: '1', empresa_id: e2.id });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => t.call({ method, url, token, ...(body === undefined ? {} : { payload: body as object }) });
const reais = (c: number | null) => (c === null ? null : c / 100);
// the default policy with a minimum income of R$ 2.000,00: the local bureau scores a new person 500
// (540 from R$ 2.000,00, 580 from R$ 5.000,00), so R$ 5.000,00 approves and R$ 1.500,00 misses only the income rule
const regras = { ...POLITICA_PADRAO.regras, renda_minima_cents: 200000, faixas_score: [{ de: 0, ate: 299, resultado: 'NEGAR' }, { de: 300, ate: 499, resultado: 'ANALISAR' }, { de: 500, ate: 1000, resultado: 'APROVAR' }] };
const rascunho = (over: Partial<{ regras: object; limites: object; liberacao_automatica: boolean }> = {}) => ({
  regras,
  limites: { boleto: reais(POLITICA_PADRAO.limites.boleto_cents), garantia: reais(POLITICA_PADRAO.limites.garantia_cents), loja: null, documento: 5000 },
  liberacao_automatica: false,
  observacao: 'teste',
  ...over,
});
const solicitar = (over: Record<string, unknown>, token = loja.token) => call('POST', '/api/garantia/solicitaGarantia', token, payload(over));

describe('política de crédito', () => {
  it('without a published policy every request goes to analysis as before (avaliacao null)', async () => {
    expect(await politicaPublicada(t.database.db)).toBeNull();
    const res = await solicitar({});
    expect(res.json()).toMatchObject({ status: 200, msg: 'Dados da solicitação enviados para análise!', data: { avaliacao: null } });
    const g = await call('GET', `/api/garantia/getById/${res.json().data.id}`, admin.token);
    expect(g.json().data).toMatchObject({ status: 'PENDENTE', avaliacao: null, revisao: null });
  });

  it('only administradores manage it; bad input is a 422 in Portuguese', async () => {
    expect((await call('GET', '/api/credito/politica/list', loja.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/credito/politica/rascunho', loja.token, rascunho())).statusCode).toBe(403);
    const bad = await call('POST', '/api/credito/politica/rascunho', admin.token, rascunho({ regras: { ...regras, faixas_score: [{ de: 0, ate: 500, resultado: 'NEGAR' }] } }));
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('A última faixa deve terminar em 1000');
  });

  it('draft → published: versions kept, one published at a time, publishing twice is a 409, published rows immutable', async () => {
    const r1 = await call('POST', '/api/credito/politica/rascunho', admin.token, rascunho());
    expect(r1.statusCode).toBe(200);
    const id1 = r1.json().data.id;
    // saving again edits the same draft
    expect((await call('POST', '/api/credito/politica/rascunho', admin.token, rascunho({ liberacao_automatica: false }))).json().data.id).toBe(id1);
    const pub = await call('POST', `/api/credito/politica/publicar/${id1}`, admin.token);
    expect(pub.json()).toMatchObject({ status: 200, data: { id: id1, versao: 1 } });
    expect((await call('POST', `/api/credito/politica/publicar/${id1}`, admin.token)).statusCode).toBe(409);
    await expect(t.database.db.update(politicaCredito).set({ limite_boleto: '1.00' }).where(eq(politicaCredito.id, id1))).rejects.toThrow();
    await expect(t.database.db.delete(politicaCredito).where(eq(politicaCredito.id, id1))).rejects.toThrow();

    // two drafts published at once (v2 then v3 concurrently is impossible: one draft at a time) — two publishes of v2 at once: one wins
    const id2 = (await call('POST', '/api/credito/politica/rascunho', admin.token, rascunho())).json().data.id;
    const both = await Promise.all([call('POST', `/api/credito/politica/publicar/${id2}`, admin.token), call('POST', `/api/credito/politica/publicar/${id2}`, admin.token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select({ versao: politicaCredito.versao, status: politicaCredito.status }).from(politicaCredito).orderBy(politicaCredito.versao);
    expect(rows).toEqual([{ versao: 1, status: 'SUBSTITUIDA' }, { versao: 2, status: 'PUBLICADA' }]);
    // a second PUBLICADA row is refused by the unique partial index
    await expect(t.database.db.execute(sql`update politica_credito set status = 'PUBLICADA' where versao = 1`)).rejects.toThrow();
    const vig = await politicaPublicada(t.database.db);
    expect(vig).toMatchObject({ versao: 2, limites: { boleto_cents: 500000, garantia_cents: 3000000, loja_cents: null, documento_cents: 500000 } });
    const list = await call('GET', '/api/credito/politica/list', admin.token);
    expect(list.json().data.map((v: { versao: number; status: string }) => [v.versao, v.status])).toEqual([[2, 'PUBLICADA'], [1, 'SUBSTITUIDA']]);
  });

  it('a clean request is approved automatically, the evaluation stored and carried by getById', async () => {
    const res = await solicitar({ renda: 5000 });
    expect(res.json()).toMatchObject({ msg: 'Garantia aprovada automaticamente pela política de crédito!', data: { avaliacao: { versao: 2, resultado: 'APROVAR' } } });
    const id = res.json().data.id;
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, id));
    expect(g).toMatchObject({ status: 'APROVADO', libera_boleto: 'N', decidido_por: null });
    const [a] = await t.database.db.select().from(garantiaAvaliacao).where(eq(garantiaAvaliacao.garantia_id, id));
    expect(a.entradas).toMatchObject({ score: expect.any(Number), renda_cents: 500000, parcelas_cents: [15050, 15050, 15050], exposicao_documento_cents: 0, bureau: { restritiva: { provider: 'local' } } });
    const shop = await call('GET', `/api/garantia/getById/${id}`, loja.token);
    expect(shop.json().data.avaliacao).toEqual({ versao: 2, resultado: 'APROVAR', motivos: [{ codigo: 'SCORE_FAIXA', texto: expect.any(String) }] });
  });

  it('income below the minimum goes to the analysts with the reason', async () => {
    const res = await solicitar({ renda: 1500 });
    const id = res.json().data.id;
    expect(res.json().data.avaliacao).toMatchObject({ resultado: 'ANALISAR', motivos: [{ codigo: 'RENDA_MINIMA' }] });
    expect((await t.database.db.select().from(garantia).where(eq(garantia.id, id)))[0].status).toBe('PENDENTE');
  });

  it('a document on the suspect list is denied automatically (no 900), boletos cancelled; the review flow', async () => {
    const doc = newCpf();
    await t.database.db.insert(cpfSuspeito).values({ cpf_cnpj: doc, motivo: 'teste', usuario_id: admin.user.id });
    const res = await solicitar({ cpf_cnpj: doc, renda: 5000 });
    expect(res.json()).toMatchObject({ status: 200, msg: 'Solicitação não aprovada pela política de crédito.', data: { avaliacao: { resultado: 'NEGAR' } } });
    expect(res.json().data.avaliacao.motivos.map((m: { codigo: string }) => m.codigo)).toContain('CPF_SUSPEITO');
    const id = res.json().data.id;
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, id));
    expect(g.status).toBe('NÃO AUTORIZADO');
    expect((await t.database.db.select().from(boleto).where(eq(boleto.garantia_id, id))).every((b) => b.situacao === 'CANCELADO')).toBe(true);

    // another shop cannot ask for it; the shop can, once (a repeat answers the same review)
    expect((await call('POST', `/api/credito/revisao/solicitar/${id}`, outraLoja.token, {})).statusCode).toBe(404);
    const rv = await call('POST', `/api/credito/revisao/solicitar/${id}`, loja.token, { justificativa: 'O cliente contesta.' });
    expect(rv.json()).toMatchObject({ status: 200, data: { status: 'PENDENTE', origem: 'LOJA' } });
    const again = await call('POST', `/api/credito/revisao/solicitar/${id}`, loja.token, {});
    expect(again.json().data.id).toBe(rv.json().data.id);
    const fila = await call('GET', '/api/credito/revisao/list', admin.token);
    const item = fila.json().data.find((r: { garantia_id: number }) => r.garantia_id === id);
    expect(item).toMatchObject({ dias_restantes: 10, avaliacao: { resultado: 'NEGAR' } });
    expect((await call('GET', '/api/credito/revisao/list', loja.token)).statusCode).toBe(403);

    // the decision: short reasoning refused, then REVERTIDA once; the shop is told and sees it
    expect((await call('POST', `/api/credito/revisao/decidir/${item.id}`, admin.token, { decisao: 'REVERTIDA', fundamentacao: 'curta' })).statusCode).toBe(422);
    const dec = await Promise.all([
      call('POST', `/api/credito/revisao/decidir/${item.id}`, admin.token, { decisao: 'REVERTIDA', fundamentacao: 'Documento retirado da lista após conferência.' }),
      call('POST', `/api/credito/revisao/decidir/${item.id}`, admin.token, { decisao: 'MANTIDA', fundamentacao: 'Documento retirado da lista após conferência.' }),
    ]);
    expect(dec.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    const [rev] = await t.database.db.select().from(garantiaRevisao).where(eq(garantiaRevisao.garantia_id, id));
    const [g2] = await t.database.db.select().from(garantia).where(eq(garantia.id, id));
    if (rev.status === 'REVERTIDA') {
      expect(g2.status).toBe('PENDENTE');
      expect((await t.database.db.select().from(boleto).where(eq(boleto.garantia_id, id))).every((b) => b.situacao === null)).toBe(true);
    } else expect(g2.status).toBe('NÃO AUTORIZADO');
    const msgs = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.entity_id, String(id)));
    expect(msgs.filter((m) => m.entity === 'garantia')).toHaveLength(1);
    const exp = await call('POST', '/api/lgpd/exportar', admin.token, { cpf_cnpj: doc });
    expect(JSON.stringify(exp.json())).toContain('decisoes_automatizadas');
    const decisoes = (exp.json().data ?? exp.json()).decisoes_automatizadas;
    expect(decisoes).toEqual([expect.objectContaining({ garantia_id: id, versao: 2, resultado: 'NEGAR', revisao: expect.objectContaining({ status: rev.status }) })]);
    const shop = await call('GET', `/api/garantia/getById/${id}`, loja.token);
    expect(shop.json().data.revisao).toMatchObject({ status: rev.status, fundamentacao: 'Documento retirado da lista após conferência.' });
  });

  it('the payer page lists the person\'s automatic denials and asks for a review; another person\'s guarantee is 404', async () => {
    const doc = newCpf();
    await t.database.db.insert(cpfSuspeito).values({ cpf_cnpj: doc, motivo: 'teste', usuario_id: admin.user.id });
    const id = (await solicitar({ cpf_cnpj: doc, renda: 5000 })).json().data.id;
    const outro = (await solicitar({ renda: 5000 })).json().data.id;
    const ident = await t.call({ method: 'POST', url: '/api/pagador/identificar', payload: { documento: doc, data: '21/03/1979' } });
    expect(ident.statusCode).toBe(200);
    const sessao = ident.json().data.sessao;
    const lista = await t.call({ method: 'POST', url: '/api/pagador/negativas', payload: { sessao } });
    expect(lista.json().data).toEqual([expect.objectContaining({ garantia_id: id, revisao: null, motivos: expect.arrayContaining([expect.stringContaining('lista interna')]) })]);
    expect((await t.call({ method: 'POST', url: '/api/pagador/revisao', payload: { sessao, garantia_id: outro } })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/pagador/revisao', payload: { sessao: 'x', garantia_id: id } })).statusCode).toBe(404);
    const rv = await t.call({ method: 'POST', url: '/api/pagador/revisao', payload: { sessao, garantia_id: id, justificativa: 'Nunca fui suspeito.' } });
    expect(rv.statusCode).toBe(200);
    const [r] = await t.database.db.select().from(garantiaRevisao).where(eq(garantiaRevisao.garantia_id, id));
    expect(r).toMatchObject({ origem: 'PAGADOR', solicitada_por: null, justificativa: 'Nunca fui suspeito.', status: 'PENDENTE' });
    expect(rv.json().data.prazo).toBe(r.prazo);
    expect((await t.call({ method: 'POST', url: '/api/pagador/negativas', payload: { sessao } })).json().data[0].revisao).toMatchObject({ status: 'PENDENTE', prazo: r.prazo });
  });

  it('a review is refused for a guarantee not denied by the policy', async () => {
    const id = (await solicitar({ renda: 5000 })).json().data.id;
    expect((await call('POST', `/api/credito/revisao/solicitar/${id}`, loja.token, {})).statusCode).toBe(409);
  });

  it('concurrent requests for one CPF in two shops never exceed its limit across shops (R$ 5.000,00, over limit → analysis)', async () => {
    const doc = newCpf();
    // 6 x 2 x R$ 400,00 = R$ 4.800,00 asked at once across two shops, each request R$ 800,00: at most 6 fit in R$ 5.000,00
    const one = (token: string) => solicitar({ cpf_cnpj: doc, renda: 5000, qtd_titulos: 2, titulos: [{ parcela: 1, valor: 400, vencimento: payload().titulos[0].vencimento }, { parcela: 2, valor: 400, vencimento: payload().titulos[1].vencimento }] }, token);
    const res = await Promise.all(Array.from({ length: 8 }, (_, i) => one(i % 2 ? loja.token : outraLoja.token)));
    const resultados = res.map((r) => r.json().data.avaliacao.resultado);
    expect(resultados.filter((r) => r === 'APROVAR')).toHaveLength(6);
    expect(resultados.filter((r) => r === 'ANALISAR')).toHaveLength(2);
    // every evaluation saw the exposure of the ones before it: the approved ones never pass R$ 5.000,00
    const rows = await t.database.db.execute(sql`
      select a.resultado, (a.entradas->>'exposicao_documento_cents')::int as antes from garantia_avaliacao a
        join garantia g on g.id = a.garantia_id join pessoa p on p.id = g.pessoa_id where p.cpf_cnpj = ${doc} order by antes`);
    const antes = (rows as { rows: { resultado: string; antes: number }[] }).rows.map((r) => r.antes);
    expect(antes).toEqual([0, 80000, 160000, 240000, 320000, 400000, 480000, 560000]);
  });
});
