import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, SOMENTE_LEITURA_MSG, todayInSaoPaulo } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { assinaturaSolicitacao, boleto, garantia, garantiaDuplicata } from '../../src/db/schema/index.js';
import { multipart, PNG } from '../multipart.js';

/**
 * Issue 25, "only the actions one may take": a franqueado reads its franchisees' guarantees and
 * boletos (DOMAIN.md "Tenancy") but Receber, Assinatura digital and the duplicata upload are
 * refused with a sentence saying so (403, not a 404 about a record on its screen), nothing is
 * written, and the lists tell the screens not to offer them (pode_alterar).
 */
let t: TestApp;
let franqueado: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let ownShop: Awaited<ReturnType<TestApp['userWithToken']>>;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
const today = todayInSaoPaulo();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const franquia = await createEmpresa(db);
  const franqueada = await createEmpresa(db, { franqueado_id: franquia.id });
  franqueado = await t.userWithToken({ nivel: '3', empresa_id: franquia.id });
  ownShop = franqueado;
  loja = await t.userWithToken({ nivel: '1', empresa_id: franqueada.id });
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const garantidos = (owner: typeof loja) =>
  createGarantia(t.database.db, {
    empresa_id: owner.user.empresa_id as number,
    usuario_id: owner.user.id,
    status: 'APROVADO',
    libera_boleto: 'S',
    situacao: 'GARANTIDO',
    parcelas: [15000, 15000],
    primeiroVencimento: addDays(today, 20),
  });

describe("a franqueado on its franchisee's records", () => {
  it('Receber is refused with the read-only sentence and the boleto stays GARANTIDO', async () => {
    const g = await garantidos(loja);
    const id = g.boletos[0].id;
    const res = await t.call({ method: 'POST', url: `/api/boleto/baixar/${id}`, token: franqueado.token, payload: {} });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().msg).toBe(SOMENTE_LEITURA_MSG);
    const [row] = await t.database.db.select({ situacao: boleto.situacao, token: boleto.comprovante_token }).from(boleto).where(eq(boleto.id, id));
    expect(row).toEqual({ situacao: 'GARANTIDO', token: null });
  });

  it('Assinatura digital is refused with the read-only sentence and no request is stored', async () => {
    const g = await garantidos(loja);
    const res = await t.call({
      method: 'POST',
      url: `/api/boleto/getDuplicataAssinatura/${g.garantia.id}`,
      token: franqueado.token,
      payload: { email: 'cliente@example.com', telefone: '11987654321' },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().msg).toBe(SOMENTE_LEITURA_MSG);
    expect(await t.database.db.select().from(assinaturaSolicitacao).where(eq(assinaturaSolicitacao.garantia_id, g.garantia.id))).toEqual([]);
  });

  it('the duplicata upload is refused with the read-only sentence and nothing is linked', async () => {
    const g = await garantidos(loja);
    const body = multipart({ garantia_id: String(g.garantia.id) }, [{ name: 'dup.png', data: PNG, type: 'image/png' }]);
    const res = await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: franqueado.token, ...body });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().msg).toBe(SOMENTE_LEITURA_MSG);
    expect(await t.database.db.select().from(garantiaDuplicata).where(eq(garantiaDuplicata.garantia_id, g.garantia.id))).toEqual([]);
    const [row] = await t.database.db.select({ possui: garantia.possui_duplicata }).from(garantia).where(eq(garantia.id, g.garantia.id));
    expect(row.possui).not.toBe('S');
  });

  it('a guarantee of a shop outside its franchise still answers 404 (it does not exist for it)', async () => {
    const stranger = await t.userWithToken({ nivel: '1' });
    const g = await garantidos(stranger);
    const res = await t.call({
      method: 'POST',
      url: `/api/boleto/getDuplicataAssinatura/${g.garantia.id}`,
      token: franqueado.token,
      payload: { email: 'cliente@example.com', telefone: '11987654321' },
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe('pode_alterar tells the screens what to offer', () => {
  it("is false on the franchisee's boletos and guarantees for the franqueado, true for the shop and the administrador", async () => {
    const deles = await garantidos(loja);
    const meu = await garantidos(ownShop);
    const flags = async (token: string) => {
      const list = (await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate?situacao=GARANTIDO&per_page=100', token })).json();
      const byGarantia = new Map<number, boolean>(list.data.map((b: { garantia_id: number; pode_alterar: boolean }) => [b.garantia_id, b.pode_alterar]));
      const detail = async (id: number) => (await t.call({ method: 'GET', url: `/api/boleto/getGarantiaImpressao/${id}`, token })).json().data?.pode_alterar;
      const impressao = (await t.call({ method: 'GET', url: '/api/boleto/getGarantiasImpressao?per_page=100', token })).json();
      const listed = new Map<number, boolean>(impressao.data.map((g: { id: number; pode_alterar: boolean }) => [g.id, g.pode_alterar]));
      return {
        boletoDeles: byGarantia.get(deles.garantia.id),
        boletoMeu: byGarantia.get(meu.garantia.id),
        detalheDeles: await detail(deles.garantia.id),
        listaDeles: listed.get(deles.garantia.id),
      };
    };
    expect(await flags(franqueado.token)).toEqual({ boletoDeles: false, boletoMeu: true, detalheDeles: false, listaDeles: false });
    expect(await flags(loja.token)).toEqual({ boletoDeles: true, boletoMeu: undefined, detalheDeles: true, listaDeles: true });
    expect(await flags(admin.token)).toEqual({ boletoDeles: true, boletoMeu: true, detalheDeles: true, listaDeles: true });
    const one = (await t.call({ method: 'GET', url: `/api/boleto/getById/${deles.boletos[0].id}`, token: franqueado.token })).json();
    expect(one.data.pode_alterar).toBe(false);
  });

  it("the franqueado's own shop's boleto is its own to receive", async () => {
    const g = await garantidos(ownShop);
    const res = await t.call({ method: 'POST', url: `/api/boleto/baixar/${g.boletos[0].id}`, token: franqueado.token, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  });
});
