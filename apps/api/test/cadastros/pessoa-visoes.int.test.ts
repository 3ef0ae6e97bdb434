import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PESSOA_TELEFONE_MAX } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { garantiaPessoa, pessoaTelefone, pessoaVisao } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart, PNG } from '../multipart.js';
import { newCpf, payload } from '../garantias/helpers.js';

/**
 * People shared by several shops (issue 23, DOMAIN.md, decision 104): two shops request a guarantee
 * for one CPF. Each sees and changes only what it typed and uploaded; neither learns that the other
 * knows the person; a franqueado reads its franchisees' views; administradores see every view,
 * marked by shop, with the divergences from the shared identity; every guarantee keeps what its
 * shop typed. Before the change, shop A read B's phones, documents (with working links) and fields,
 * deleted B's phones and renamed the person.
 */
let t: TestApp;
type Shop = { token: string; user: { id: number; empresa_id: number | null }; empresaId: number };
let franquia: Shop;
let a: Shop;
let b: Shop;
let admin: string;
let cpf: string;
let pessoaId: number;
let garantiaA: number;
let garantiaB: number;

const get = (url: string, token: string, query?: Record<string, string>) => t.call({ method: 'GET', url, token, query });
const post = (url: string, token: string, body: object) => t.call({ method: 'POST', url, token, payload: body });
const upload = (token: string, fields: Record<string, string>, name: string) =>
  t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token, ...multipart(fields, [{ name, data: PNG, type: 'image/png' }]) });

async function shop(franqueadoId: number | null, nivel: '1' | '3' = '1'): Promise<Shop> {
  const empresa = await createEmpresa(t.database.db, { franqueado_id: franqueadoId, fantasia: `Loja ${Math.random().toString(36).slice(2, 8)}` });
  const u = await t.userWithToken({ nivel, empresa_id: empresa.id });
  return { ...u, empresaId: empresa.id };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
  franquia = await shop(null, '3');
  a = await shop(franquia.empresaId);
  b = await shop(null);
  cpf = newCpf();
  // A first (its typing becomes the identity), then B with another name, birth date, address and phone
  const ra = await post('/api/garantia/solicitaGarantia', a.token, payload({ cpf_cnpj: cpf, nome_razao: 'Maria da Silva', numero: '100', telefone1: '(11)98888-0001', renda: 3000 }));
  expect(ra.statusCode, ra.body).toBe(200);
  const rb = await post('/api/garantia/solicitaGarantia', b.token, payload({ cpf_cnpj: cpf, nome_razao: 'Maria Silva Souza', data_nascimento: '1980-02-02', numero: '999', complemento: 'Fundos B', telefone1: '(21)97777-0002', renda: 9000 }));
  expect(rb.statusCode, rb.body).toBe(200);
  pessoaId = ra.json().data.pessoa_id;
  expect(rb.json().data.pessoa_id).toBe(pessoaId);
  garantiaA = ra.json().data.id;
  garantiaB = rb.json().data.id;
  expect((await post('/api/pessoa/adicionaTelefone', a.token, { pessoa_id: pessoaId, telefone: '11955550001', contato: 'Recado A' })).statusCode).toBe(200);
  expect((await post('/api/pessoa/adicionaTelefone', b.token, { pessoa_id: pessoaId, telefone: '21955550002', contato: 'Recado B' })).statusCode).toBe(200);
  expect((await upload(a.token, { pessoa_id: String(pessoaId) }, 'rg-loja-a.png')).statusCode).toBe(200);
  expect((await upload(b.token, { pessoa_id: String(pessoaId) }, 'rg-loja-b.png')).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('one person, two shops', () => {
  it('each shop reads its own view only: fields, phones, documents and links of the other never reach it', async () => {
    const pa = (await get(`/api/pessoa/getById/${pessoaId}`, a.token)).json().data;
    expect(pa).toMatchObject({ nome_razao: 'Maria da Silva', numero: '100', telefone1: '11988880001', renda: 3000, identidade: null });
    expect(pa.visoes).toEqual([expect.objectContaining({ empresa_id: a.empresaId, editavel: true, divergencias: [] })]);
    const pb = (await get(`/api/pessoa/getById/${pessoaId}`, b.token)).json().data;
    expect(pb).toMatchObject({ nome_razao: 'Maria Silva Souza', data_nascimento: '1980-02-02', numero: '999', complemento: 'Fundos B', renda: 9000 });
    expect(pb.visoes).toHaveLength(1);
    for (const [res, foreign] of [
      [await get(`/api/pessoa/getById/${pessoaId}`, a.token), ['Fundos B', '21977770002', '21955550002', 'rg-loja-b', 'Maria Silva Souza', '9000']],
      [await get(`/api/pessoa/getTelefones/${pessoaId}`, a.token), ['21955550002', 'Recado B']],
      [await get(`/api/pessoa/getDocumentacao/${pessoaId}`, a.token), ['rg-loja-b']],
      [await get(`/api/garantia/getById/${garantiaA}`, a.token), ['Fundos B', '21955550002', 'rg-loja-b', 'Maria Silva Souza']],
      [await get(`/api/pessoa/getAllPaginate`, a.token), ['Maria Silva Souza', '21977770002']],
      [await get(`/api/pessoa/getById/${pessoaId}`, b.token), ['11988880001', '11955550001', 'rg-loja-a', 'Maria da Silva']],
      [await get(`/api/pessoa/getDocumentacao/${pessoaId}`, b.token), ['rg-loja-a']],
    ] as const) {
      expect(res.statusCode, res.body).toBe(200);
      for (const marker of foreign) expect(res.body, marker).not.toContain(marker);
    }
    const docsA = (await get(`/api/pessoa/getDocumentacao/${pessoaId}`, a.token)).json().data;
    expect(docsA.map((d: { nome: string; empresa_id: number }) => [d.nome, d.empresa_id])).toEqual([['rg-loja-a.png', a.empresaId]]);
    // the other shop's guarantee stays out of reach
    expect((await get(`/api/garantia/getById/${garantiaB}`, a.token)).statusCode).toBe(404);
  });

  it('a shop changes only its own view: B\'s fields, phones and documents survive everything A does', async () => {
    const current = (await get(`/api/pessoa/getById/${pessoaId}`, a.token)).json().data;
    const upd = await post(`/api/pessoa/update/${pessoaId}`, a.token, { ...current, nome_razao: 'Maria S. Renomeada', numero: '101' });
    expect(upd.statusCode, upd.body).toBe(200);
    // A cannot address B's view, even naming it
    expect((await post(`/api/pessoa/update/${pessoaId}`, a.token, { ...current, empresa_id: b.empresaId })).statusCode).toBe(404);
    const phoneB = (await get(`/api/pessoa/getTelefones/${pessoaId}`, b.token)).json().data[0];
    expect((await t.call({ method: 'DELETE', url: `/api/pessoa/deletaTelefone/${phoneB.id}`, token: a.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/pessoa/deletaTelefone/${phoneB.id}`, token: a.token })).statusCode).toBe(404);
    expect((await post('/api/pessoa/adicionaTelefone', a.token, { pessoa_id: pessoaId, empresa_id: b.empresaId, telefone: '11955559999', contato: 'x' })).statusCode).toBe(404);

    const [vb] = await t.database.db.select().from(pessoaVisao).where(and(eq(pessoaVisao.pessoa_id, pessoaId), eq(pessoaVisao.empresa_id, b.empresaId)));
    expect(vb).toMatchObject({ nome_razao: 'Maria Silva Souza', numero: '999', telefone1: '21977770002' });
    expect(await t.database.db.select().from(pessoaTelefone).where(eq(pessoaTelefone.id, phoneB.id))).toHaveLength(1);
    const pb = (await get(`/api/pessoa/getById/${pessoaId}`, b.token)).json().data;
    expect(pb.nome_razao).toBe('Maria Silva Souza');
    // the shared identity is not renamed by a shop
    const viaAdmin = (await get(`/api/pessoa/getById/${pessoaId}`, admin)).json().data;
    expect(viaAdmin.identidade).toEqual({ nome_razao: 'Maria da Silva', data_nascimento: '1979-03-21' });
  });

  it('the document limit (3) counts one view: B\'s documents neither count for A nor reveal themselves', async () => {
    const up = await upload(a.token, { pessoa_id: String(pessoaId) }, 'a2.png');
    expect(up.statusCode).toBe(200);
    expect((await upload(a.token, { pessoa_id: String(pessoaId) }, 'a3.png')).statusCode).toBe(200);
    const fourth = await upload(a.token, { pessoa_id: String(pessoaId) }, 'a4.png');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().msg).toBe('Esta pessoa já tem os 3 documentos permitidos.');
    // B still has room for two more: A's three never counted
    expect((await upload(b.token, { pessoa_id: String(pessoaId) }, 'b2.png')).statusCode).toBe(200);
  });

  it('the wizard\'s lookup pre-fills from the asking shop\'s own view, never another\'s, and hides a person only others know', async () => {
    const la = (await post('/api/garantia/consultaDocumento', a.token, { documento: cpf })).json();
    expect(la.obj.pessoa_id).toBe(pessoaId);
    expect(la.obj.pessoa).toMatchObject({ nome_razao: 'Maria S. Renomeada', numero: '101' });
    // a third shop of nobody's: the person is "new" to it (no id, nothing typed by A or B)
    const c = await shop(null);
    const lc = await post('/api/garantia/consultaDocumento', c.token, { documento: cpf });
    expect(lc.json()).toMatchObject({ status: 200, obj: { pessoa_id: null, pessoa: null } });
    for (const marker of ['Maria', '999', '100', '1988']) expect(lc.body).not.toContain(marker);
    // an administrador asking for Loja C gets the same answer: pre-fill only from that Loja's data
    const ladmin = await post('/api/garantia/consultaDocumento', admin, { documento: cpf, empresa_id: c.empresaId });
    expect(ladmin.json().obj).toEqual({ pessoa_id: null, pessoa: null });
    // C's own request joins the one person, with C's view (nothing of A's or B's)
    const rc = await post('/api/garantia/solicitaGarantia', c.token, payload({ cpf_cnpj: cpf, nome_razao: 'M. Silva', telefone1: '(31)96666-0003' }));
    expect(rc.json().data.pessoa_id).toBe(pessoaId);
    const pc = (await get(`/api/pessoa/getById/${pessoaId}`, c.token)).json().data;
    expect(pc.visoes).toHaveLength(1);
    expect(pc).toMatchObject({ nome_razao: 'M. Silva', telefone1: '31966660003' });
  });

  it('every guarantee keeps the snapshot of what its shop typed in that request', async () => {
    const ga = (await get(`/api/garantia/getById/${garantiaA}`, a.token)).json().data;
    // typed in the request, not the later edit of A's view
    expect(ga.pessoa).toMatchObject({ nome_razao: 'Maria da Silva', numero: '100', telefone1: '11988880001', renda: 3000, origem: 'solicitacao' });
    const gb = (await get(`/api/garantia/getById/${garantiaB}`, admin)).json().data;
    expect(gb.pessoa).toMatchObject({ nome_razao: 'Maria Silva Souza', numero: '999', complemento: 'Fundos B', renda: 9000 });
    const [snap] = await t.database.db.select().from(garantiaPessoa).where(eq(garantiaPessoa.garantia_id, garantiaB));
    expect(snap).toMatchObject({ telefone1: '21977770002', renda: '9000.00', origem: 'solicitacao' });
  });

  it('administradores see every view marked by shop, with its divergences from the identity, on every screen', async () => {
    const p = (await get(`/api/pessoa/getById/${pessoaId}`, admin)).json().data;
    expect(p.identidade).toEqual({ nome_razao: 'Maria da Silva', data_nascimento: '1979-03-21' });
    const byShop = Object.fromEntries(p.visoes.map((v: { empresa_id: number; divergencias: string[] }) => [v.empresa_id, v]));
    expect(byShop[a.empresaId]).toMatchObject({ numero: '101', divergencias: ['nome_razao'], editavel: true, loja: expect.stringMatching(/^Loja /) });
    expect(byShop[b.empresaId]).toMatchObject({ numero: '999', divergencias: ['nome_razao', 'data_nascimento'] });
    const phones = (await get(`/api/pessoa/getTelefones/${pessoaId}`, admin)).json().data;
    expect(phones.map((x: { telefone: string; empresa_id: number }) => [x.telefone, x.empresa_id])).toEqual(
      expect.arrayContaining([['11955550001', a.empresaId], ['21955550002', b.empresaId]]),
    );
    const docs = (await get(`/api/pessoa/getDocumentacao/${pessoaId}`, admin)).json().data;
    expect(new Set(docs.map((d: { empresa_id: number }) => d.empresa_id))).toEqual(new Set([a.empresaId, b.empresaId]));
    // the analysis: this shop's snapshot, the divergence, and the documents and phones of every view
    const g = (await get(`/api/garantia/getById/${garantiaB}`, admin)).json().data;
    expect(g.pessoa.divergencias).toEqual(['nome_razao', 'data_nascimento']);
    expect(g.pessoa.identidade).toEqual({ nome_razao: 'Maria da Silva', data_nascimento: '1979-03-21' });
    expect(g.documentacao.map((d: { nome: string; empresa_id: number }) => d.empresa_id)).toEqual(expect.arrayContaining([a.empresaId, b.empresaId]));
    expect(g.pessoa.telefones.map((x: { loja: string }) => x.loja).every((l: string) => l.startsWith('Loja '))).toBe(true);
    // settling the divergence: the identity changes, the views keep what their shops typed
    expect((await post(`/api/pessoa/updateIdentidade/${pessoaId}`, admin, { cpf_cnpj: cpf, nome_razao: 'Maria Silva Souza', data_nascimento: '1980-02-02' })).statusCode).toBe(200);
    const after = (await get(`/api/pessoa/getById/${pessoaId}`, admin)).json().data;
    expect(after.visoes.find((v: { empresa_id: number }) => v.empresa_id === b.empresaId).divergencias).toEqual([]);
    expect((await get(`/api/pessoa/getById/${pessoaId}`, a.token)).json().data.nome_razao).toBe('Maria S. Renomeada');
  });

  it('an administrador writes to the view it names, or to its own (Administração), never creating a shop\'s view', async () => {
    expect((await post('/api/pessoa/adicionaTelefone', admin, { pessoa_id: pessoaId, telefone: '11944440000', contato: 'Cobrança' })).statusCode).toBe(200);
    const own = (await get(`/api/pessoa/getTelefones/${pessoaId}`, admin)).json().data.find((x: { telefone: string }) => x.telefone === '11944440000');
    expect(own).toMatchObject({ empresa_id: null, loja: 'Administração' });
    expect((await get(`/api/pessoa/getTelefones/${pessoaId}`, a.token)).body).not.toContain('11944440000');
    // an upload naming B's view lands there (B sees it) and counts against B's three
    expect((await upload(admin, { pessoa_id: String(pessoaId), empresa_id: String(b.empresaId) }, 'adm-para-b.png')).statusCode).toBe(200);
    expect((await get(`/api/pessoa/getDocumentacao/${pessoaId}`, b.token)).body).toContain('adm-para-b.png');
    expect((await get(`/api/pessoa/getDocumentacao/${pessoaId}`, a.token)).body).not.toContain('adm-para-b.png');
    expect((await upload(admin, { pessoa_id: String(pessoaId), empresa_id: String(b.empresaId) }, 'adm-para-b-2.png')).statusCode).toBe(409);
    const stranger = await createEmpresa(t.database.db);
    expect((await post('/api/pessoa/adicionaTelefone', admin, { pessoa_id: pessoaId, empresa_id: stranger.id, telefone: '11944441111', contato: 'x' })).statusCode).toBe(404);
    expect(await t.database.db.select().from(pessoaVisao).where(and(eq(pessoaVisao.pessoa_id, pessoaId), eq(pessoaVisao.empresa_id, stranger.id)))).toEqual([]);
  });

  it('a franqueado reads its franchisee\'s view (marked), never the unrelated shop\'s, and changes none of them', async () => {
    const p = (await get(`/api/pessoa/getById/${pessoaId}`, franquia.token)).json().data;
    expect(p.visoes).toEqual([expect.objectContaining({ empresa_id: a.empresaId, editavel: false })]);
    expect(JSON.stringify(p)).not.toContain('Fundos B');
    expect((await get(`/api/pessoa/getTelefones/${pessoaId}`, franquia.token)).body).not.toContain('21955550002');
    const phoneA = (await get(`/api/pessoa/getTelefones/${pessoaId}`, a.token)).json().data[0];
    expect((await t.call({ method: 'DELETE', url: `/api/pessoa/deletaTelefone/${phoneA.id}`, token: franquia.token })).statusCode).toBe(404);
    expect((await post(`/api/pessoa/update/${pessoaId}`, franquia.token, { ...p, empresa_id: a.empresaId })).statusCode).toBe(404);
  });
});

describe('extra phones: at most 20 per shop view, listed page by page', () => {
  it(`refuses the ${PESSOA_TELEFONE_MAX + 1}st of a view with a Portuguese message, while another view still takes its own`, async () => {
    const doc = newCpf();
    const r = await post('/api/garantia/solicitaGarantia', a.token, payload({ cpf_cnpj: doc }));
    const id = r.json().data.pessoa_id as number;
    expect((await post('/api/garantia/solicitaGarantia', b.token, payload({ cpf_cnpj: doc }))).statusCode).toBe(200);
    for (let i = 0; i < PESSOA_TELEFONE_MAX; i++) {
      const res = await post('/api/pessoa/adicionaTelefone', a.token, { pessoa_id: id, telefone: `119${String(10_000_000 + i)}`, contato: `Contato ${i + 1}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await post('/api/pessoa/adicionaTelefone', a.token, { pessoa_id: id, telefone: '11999999999', contato: 'Vigésimo primeiro' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ status: 409, msg: 'Esta pessoa já tem 20 telefones adicionais: remova um antes de adicionar outro.' });
    expect((await post('/api/pessoa/adicionaTelefone', b.token, { pessoa_id: id, telefone: '21999999999', contato: 'B' })).statusCode).toBe(200);

    const page1 = (await get(`/api/pessoa/getTelefones/${id}`, a.token, { per_page: '15' })).json();
    expect(page1).toMatchObject({ from: 1, to: 15, total: 20, current_page: 1, last_page: 2, per_page: 15 });
    expect(page1.data[0].contato).toBe('Contato 1');
    const page2 = (await get(`/api/pessoa/getTelefones/${id}`, a.token, { page: '2', per_page: '15' })).json();
    expect(page2).toMatchObject({ from: 16, to: 20, total: 20, current_page: 2 });
    expect(page2.data.map((x: { contato: string }) => x.contato)).toEqual(['Contato 16', 'Contato 17', 'Contato 18', 'Contato 19', 'Contato 20']);
    // removing one makes room again
    expect((await t.call({ method: 'DELETE', url: `/api/pessoa/deletaTelefone/${page1.data[0].id}`, token: a.token })).statusCode).toBe(200);
    expect((await post('/api/pessoa/adicionaTelefone', a.token, { pessoa_id: id, telefone: '11999999999', contato: 'Agora cabe' })).statusCode).toBe(200);
  });

  it('two additions at once at 19 phones: one passes, the other is refused (the view row lock)', async () => {
    const doc = newCpf();
    const id = (await post('/api/garantia/solicitaGarantia', a.token, payload({ cpf_cnpj: doc }))).json().data.pessoa_id as number;
    for (let i = 0; i < PESSOA_TELEFONE_MAX - 1; i++) await post('/api/pessoa/adicionaTelefone', a.token, { pessoa_id: id, telefone: `119${String(20_000_000 + i)}`, contato: 'x' });
    const both = await Promise.all([1, 2].map((n) => post('/api/pessoa/adicionaTelefone', a.token, { pessoa_id: id, telefone: `1198888000${n}`, contato: 'corrida' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(pessoaTelefone).where(eq(pessoaTelefone.pessoa_id, id))).toHaveLength(PESSOA_TELEFONE_MAX);
  });
});
