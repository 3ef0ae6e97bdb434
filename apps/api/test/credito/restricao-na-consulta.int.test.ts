import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { GARANTIA_MSG, POLITICA_PADRAO, type AcaoRegra } from '@bg/domain';
import { createCpfSuspeito } from '../../src/factories/cadastros.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { consultaDocumento, garantia } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { newCpf, payload } from '../garantias/helpers.js';
import { novaChave, v1 } from '../integracao/support.js';

/**
 * Issue 29: "no rule is hard-coded outside the policy's evaluator". A restricted document (here on
 * the suspect list) is refused by the lookup with 900 only while no policy is published; with one,
 * the lookup reports what the bureau said and the published version decides at submission — in
 * the wizard and in POST /api/v1/garantias. The same document gets NEGAR, ANALISAR or APROVAR as the
 * version's rule says: a block coming back anywhere before the evaluator fails the last two.
 */
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

const call = (method: 'GET' | 'POST', url: string, token: string, body?: object) => t.call({ method, url, token, ...(body ? { payload: body } : {}) });
const consultar = (documento: string) => call('POST', '/api/garantia/consultaDocumento', loja.token, { documento });
const solicitar = (cpf_cnpj: string) => call('POST', '/api/garantia/solicitaGarantia', loja.token, payload({ cpf_cnpj, renda: 5000 }));

/** Publishes the default policy with the suspect-list rule set to `cpfSuspeito`; every score approves. */
async function publicar(cpfSuspeito: AcaoRegra) {
  const regras = { ...POLITICA_PADRAO.regras, cpf_suspeito: cpfSuspeito, faixas_score: [{ de: 0, ate: 1000, resultado: 'APROVAR' }] };
  const draft = await call('POST', '/api/credito/politica/rascunho', admin.token, { regras, limites: { boleto: null, garantia: null, loja: null, documento: null }, liberacao_automatica: false, observacao: 'teste' });
  expect(draft.statusCode).toBe(200);
  expect((await call('POST', `/api/credito/politica/publicar/${draft.json().data.id}`, admin.token)).statusCode).toBe(200);
}

async function suspeito() {
  const doc = newCpf();
  await createCpfSuspeito(t.database.db, { cpf_cnpj: doc });
  return doc;
}

async function ultimaConsulta(doc: string) {
  const [row] = await t.database.db.select().from(consultaDocumento).where(eq(consultaDocumento.cpf_cnpj, doc)).orderBy(desc(consultaDocumento.id)).limit(1);
  return row;
}

describe('a restricted document and the credit policy', () => {
  it('without a published policy the lookup refuses it with 900 (spec §4, as before policies)', async () => {
    const doc = await suspeito();
    const res = await consultar(doc);
    expect(res.json()).toMatchObject({ status: 900, msg: GARANTIA_MSG.restrictedText, consulta: expect.stringContaining('CPF_SUSPEITO') });
    expect((await ultimaConsulta(doc)).status).toBe(900);
  });

  it('with a policy the lookup reports the restriction (200, the spec text, the bureau HTML) and the request goes on to the policy, which denies', async () => {
    await publicar('NEGAR');
    const doc = await suspeito();
    const res = await consultar(doc);
    expect(res.json()).toMatchObject({ status: 200, msg: `${GARANTIA_MSG.restrictedText} ${GARANTIA_MSG.restrictedPolicyDecides}`, consulta: expect.stringContaining('CPF_SUSPEITO') });
    const row = await ultimaConsulta(doc);
    expect(row.status).toBe(200);
    expect(row.detalhe).toMatchObject({ restricoes: [expect.objectContaining({ codigo: 'CPF_SUSPEITO' })] });

    const sol = await solicitar(doc);
    expect(sol.json()).toMatchObject({ status: 200, data: { avaliacao: { resultado: 'NEGAR', motivos: [expect.objectContaining({ codigo: 'CPF_SUSPEITO' })] } } });
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, sol.json().data.id));
    expect(g.status).toBe('NÃO AUTORIZADO');
  });

  it('a version that sends the suspect list to analysis: the same kind of document lands in the queue with that reason', async () => {
    await publicar('ANALISAR');
    const doc = await suspeito();
    expect((await consultar(doc)).json().status).toBe(200);
    const sol = await solicitar(doc);
    expect(sol.json().data.avaliacao).toMatchObject({ resultado: 'ANALISAR', motivos: [expect.objectContaining({ codigo: 'CPF_SUSPEITO' })] });
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, sol.json().data.id));
    expect(g.status).toBe('PENDENTE');
  });

  it('a version that does not apply the rule approves it: nothing outside the evaluator blocks', async () => {
    await publicar('IGNORAR');
    const doc = await suspeito();
    const sol = await solicitar(doc);
    expect(sol.json().data.avaliacao).toMatchObject({ resultado: 'APROVAR' });
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, sol.json().data.id));
    expect(g.status).toBe('APROVADO');
  });

  it('POST /api/v1/garantias: the policy decides too (no 900), the answer says its outcome', async () => {
    await publicar('NEGAR');
    const k = await novaChave(t, loja.token, { empresa_id: loja.user.empresa_id!, escopos: ['garantias:write', 'garantias:read'] });
    const doc = await suspeito();
    const res = await v1(t, k.chave, { method: 'POST', url: '/api/v1/garantias', payload: payload({ cpf_cnpj: doc, renda: 5000 }), headers: { 'idempotency-key': randomUUID() } });
    expect(res.json()).toMatchObject({ status: 200, msg: expect.stringContaining('não aprovada pela política de crédito') });
    const [g] = await t.database.db.select().from(garantia).where(and(eq(garantia.empresa_id, loja.user.empresa_id!), eq(garantia.id, res.json().data.id)));
    expect(g.status).toBe('NÃO AUTORIZADO');
  });
});
