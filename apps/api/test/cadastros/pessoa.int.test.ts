import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { completeCnpj, completeCpf, pessoaContracts } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { createTelefone } from '../../src/factories/cadastros.js';
import { auditLog, pessoa, pessoaTelefone, storedFile } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart, PDF, PNG } from '../multipart.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

/** An usuario with one customer of its own (through a guarantee) and one of another empresa. */
async function shop() {
  const { token, user } = await t.userWithToken({ nivel: '1' });
  const { pessoa_id } = await createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id });
  const other = await createEmpresa(t.database.db);
  const otherUser = await createUsuario(t.database.db, { empresa_id: other.id });
  const stranger = await createGarantia(t.database.db, { empresa_id: other.id, usuario_id: otherUser.id });
  return { token, user, own: pessoa_id, stranger: stranger.pessoa_id, otherEmpresaId: other.id };
}

const ENDERECO = { cep: '01310100', endereco: 'Avenida Paulista', numero: '10', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0)]);

describe('tenancy', () => {
  it('an usuario lists only the people of its guarantees and gets 404 for the others on every call', async () => {
    const s = await shop();
    const list = (await t.call({ method: 'GET', url: '/api/pessoa/getAllPaginate', token: s.token })).json();
    expect(list.data.map((p: { id: number }) => p.id)).toEqual([s.own]);
    expect(list.data[0]).toMatchObject({ situacao: 'ATIVO' });
    for (const url of [`/api/pessoa/getById/${s.stranger}`, `/api/pessoa/getTelefones/${s.stranger}`, `/api/pessoa/getDocumentacao/${s.stranger}`]) {
      expect((await t.call({ method: 'GET', url, token: s.token })).statusCode).toBe(404);
    }
    const phone = await createTelefone(t.database.db, { pessoa_id: s.stranger, empresa_id: s.otherEmpresaId });
    expect((await t.call({ method: 'DELETE', url: `/api/pessoa/deletaTelefone/${phone.id}`, token: s.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/pessoa/adicionaTelefone', token: s.token, payload: { pessoa_id: s.stranger, telefone: '11987654321', contato: 'x' } })).statusCode).toBe(404);
    const [p] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, s.stranger));
    const upd = await t.call({ method: 'POST', url: `/api/pessoa/update/${s.stranger}`, token: s.token, payload: { ...p, ...ENDERECO, renda: 5000 } });
    expect(upd.statusCode).toBe(404);
  });

  it('a franqueado reads its franchisees customers but does not change them', async () => {
    const { token, user } = await t.userWithToken({ nivel: '3' });
    const franqueada = await createEmpresa(t.database.db, { franqueado_id: user.empresa_id });
    const u = await createUsuario(t.database.db, { empresa_id: franqueada.id });
    const { pessoa_id } = await createGarantia(t.database.db, { empresa_id: franqueada.id, usuario_id: u.id });
    expect((await t.call({ method: 'GET', url: `/api/pessoa/getById/${pessoa_id}`, token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/pessoa/adicionaTelefone', token, payload: { pessoa_id, telefone: '11987654321', contato: 'x' } })).statusCode).toBe(404);
  });

  it('the administrador searches everyone by name or document', async () => {
    const p = await createPessoa(t.database.db, { nome_razao: 'Zuleica Pesquisável Teste' });
    const byName = (await t.call({ method: 'GET', url: '/api/pessoa/getAllPaginate', token: admin, query: { pesquisa: 'zuleica pesq' } })).json();
    expect(byName.data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    const byDoc = (await t.call({ method: 'GET', url: '/api/pessoa/getAllPaginate', token: admin, query: { pesquisa: p.cpf_cnpj } })).json();
    expect(byDoc.data.map((r: { id: number }) => r.id)).toEqual([p.id]);
  });
});

describe('POST /api/pessoa/update/{id}', () => {
  it('updates with the §5 rules, keeps avalista data only for CNPJ, audits the diff', async () => {
    const s = await shop();
    const current = (await t.call({ method: 'GET', url: `/api/pessoa/getById/${s.own}`, token: s.token })).json().data;
    expect(current.renda).toBe(3500);
    // the contract's fields only (spec §3 Person plus situacao): no created_at/updated_at
    expect(Object.keys(current).sort()).toEqual(Object.keys(pessoaContracts.getById.response.shape.data.shape).sort());
    expect(current).not.toHaveProperty('updated_at');
    const empty = await t.call({ method: 'POST', url: `/api/pessoa/update/${s.own}`, token: s.token, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ cpf_cnpj: 'Campo obrigatório', nome_razao: 'Campo obrigatório', cep: 'Campo obrigatório', endereco: 'Campo obrigatório', numero: 'Campo obrigatório', bairro: 'Campo obrigatório', cidade: 'Campo obrigatório', uf: 'Campo obrigatório' });
    const low = await t.call({ method: 'POST', url: `/api/pessoa/update/${s.own}`, token: s.token, payload: { ...current, renda: 250 } });
    expect(low.json().errors).toEqual({ renda: 'A renda informada não pode ser menor que R$ 300,00' });
    const ok = await t.call({ method: 'POST', url: `/api/pessoa/update/${s.own}`, token: s.token, payload: { ...current, nome_razao: 'Nome Atualizado', telefone2: '(11) 3333-2222', renda: 4200.5, socio_avalista: 'Ignorado' } });
    expect(ok.statusCode).toBe(200);
    const after = (await t.call({ method: 'GET', url: `/api/pessoa/getById/${s.own}`, token: s.token })).json().data;
    expect(after).toMatchObject({ nome_razao: 'Nome Atualizado', telefone2: '1133332222', renda: 4200.5, socio_avalista: null, tipo_pessoa: 'F' });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'pessoa.update'), eq(auditLog.entity_id, String(s.own))));
    expect(audit.summary).toMatchObject({ nome_razao: { after: 'Nome Atualizado' } });
  });

  it('the document is the identity: changed by administradores through updateIdentidade only (409 when taken, 422 when invalid)', async () => {
    const a = await createPessoa(t.database.db);
    const b = await createPessoa(t.database.db);
    const current = (await t.call({ method: 'GET', url: `/api/pessoa/getById/${a.id}`, token: admin })).json().data;
    const viaUpdate = await t.call({ method: 'POST', url: `/api/pessoa/update/${a.id}`, token: admin, payload: { ...current, ...ENDERECO, cpf_cnpj: b.cpf_cnpj } });
    expect(viaUpdate.statusCode).toBe(422);
    expect(viaUpdate.json().errors).toEqual({ cpf_cnpj: 'O CPF/CNPJ identifica a pessoa e não pode ser alterado aqui.' });
    const identidade = (body: object) => t.call({ method: 'POST', url: `/api/pessoa/updateIdentidade/${a.id}`, token: admin, payload: body });
    expect((await identidade({ cpf_cnpj: b.cpf_cnpj, nome_razao: a.nome_razao })).statusCode).toBe(409);
    expect((await identidade({ cpf_cnpj: '111.111.111-11', nome_razao: a.nome_razao })).statusCode).toBe(422);
    const cnpj = completeCnpj('555444330001');
    expect((await identidade({ cpf_cnpj: cnpj, nome_razao: 'Empresa Corrigida Ltda', data_nascimento: '2001-02-03' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, a.id));
    expect(row).toMatchObject({ tipo_pessoa: 'J', cpf_cnpj: cnpj, nome_razao: 'Empresa Corrigida Ltda', data_nascimento: '2001-02-03' });
    // a CNPJ person's view keeps its avalista
    const pj = await t.call({ method: 'POST', url: `/api/pessoa/update/${a.id}`, token: admin, payload: { ...current, ...ENDERECO, cpf_cnpj: cnpj, socio_avalista: 'Sócio Avalista', cpf_avalista: completeCpf('725184936') } });
    expect(pj.statusCode).toBe(200);
    const after = (await t.call({ method: 'GET', url: `/api/pessoa/getById/${a.id}`, token: admin })).json().data;
    expect(after.visoes).toEqual([expect.objectContaining({ empresa_id: null, loja: 'Administração', socio_avalista: 'Sócio Avalista', cpf_avalista: completeCpf('725184936') })]);
    const shop = await t.userWithToken({ nivel: '1' });
    expect((await t.call({ method: 'POST', url: `/api/pessoa/updateIdentidade/${a.id}`, token: shop.token, payload: { cpf_cnpj: cnpj, nome_razao: 'X' } })).statusCode).toBe(403);
  });
});

describe('phones', () => {
  it('adds (mask with a space accepted), lists and removes a phone, audited', async () => {
    const s = await shop();
    const add = await t.call({ method: 'POST', url: '/api/pessoa/adicionaTelefone', token: s.token, payload: { pessoa_id: s.own, telefone: '(11) 98888-7777', contato: 'Irmã' } });
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id;
    const list = (await t.call({ method: 'GET', url: `/api/pessoa/getTelefones/${s.own}`, token: s.token })).json();
    expect(list.data).toEqual([expect.objectContaining({ id, telefone: '11988887777', contato: 'Irmã', pessoa_id: s.own, created_at: expect.any(String), empresa_id: s.user.empresa_id })]);
    expect(list).toMatchObject({ from: 1, to: 1, total: 1, current_page: 1, last_page: 1 });
    const bad = await t.call({ method: 'POST', url: '/api/pessoa/adicionaTelefone', token: s.token, payload: { pessoa_id: s.own, telefone: '1234', contato: '' } });
    expect(bad.json().errors).toEqual({ telefone: 'Informe um telefone válido!', contato: 'Campo obrigatório' });
    expect((await t.call({ method: 'DELETE', url: `/api/pessoa/deletaTelefone/${id}`, token: s.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/pessoa/deletaTelefone/${id}`, token: s.token })).statusCode).toBe(404);
    // POST answers too, for clients that cannot send DELETE (decision 010); GET never removes
    const second = (await t.call({ method: 'POST', url: '/api/pessoa/adicionaTelefone', token: s.token, payload: { pessoa_id: s.own, telefone: '11977776666', contato: 'Pai' } })).json().data.id;
    expect((await t.call({ method: 'GET', url: `/api/pessoa/deletaTelefone/${second}`, token: s.token })).statusCode).toBe(404);
    const viaPost = await t.call({ method: 'POST', url: `/api/pessoa/deletaTelefone/${second}`, token: s.token });
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.json()).toEqual({ status: 200, msg: 'Telefone removido.', data: { id: second } });
    expect(await t.database.db.select().from(pessoaTelefone).where(eq(pessoaTelefone.pessoa_id, s.own))).toEqual([]);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, String(s.own)))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['pessoa.adicionaTelefone', 'pessoa.deletaTelefone']));
  });
});

describe('documents', () => {
  it('uploads up to 3 images/PDFs and lists them with expiring links that serve the file', async () => {
    const s = await shop();
    const up = await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: s.token, ...multipart({ pessoa_id: String(s.own) }, [{ name: 'rg.png', data: PNG }, { name: 'comprovante.pdf', data: PDF }]) });
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toHaveLength(2);
    const docs = (await t.call({ method: 'GET', url: `/api/pessoa/getDocumentacao/${s.own}`, token: s.token })).json().data;
    expect(docs.map((d: { nome: string; content_type: string }) => [d.nome, d.content_type])).toEqual([['rg.png', 'image/png'], ['comprovante.pdf', 'application/pdf']]);
    expect(docs[0].url).toMatch(/^\/api\/arquivo\/[0-9a-f-]+\?exp=\d+&sig=/);
    // only the signed link leaves the server: no file id, storage key or size beside it
    expect(Object.keys(docs[0]).sort()).toEqual(['content_type', 'created_at', 'empresa_id', 'id', 'loja', 'nome', 'url']);
    expect(up.json().data.every((d: object) => Object.keys(d).join() === 'id')).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: docs[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const tampered = await t.app.inject({ method: 'GET', url: docs[0].url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`) });
    expect(tampered.statusCode).toBe(403);
  });

  it('refuses more than 3 files, a file that is not an image/PDF by content, and a person out of scope (files not kept)', async () => {
    const s = await shop();
    const four = await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: s.token, ...multipart({ pessoa_id: String(s.own) }, [1, 2, 3, 4].map((i) => ({ name: `f${i}.png`, data: PNG }))) });
    expect(four.statusCode).toBe(400);
    expect(four.json().msg).toBe('Envie no máximo 3 arquivo(s) por vez.');
    const exe = await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: s.token, ...multipart({ pessoa_id: String(s.own) }, [{ name: 'foto.png', data: EXE, type: 'image/png' }]) });
    expect(exe.statusCode).toBe(415);
    const before = (await t.database.db.select().from(storedFile)).length;
    const out = await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: s.token, ...multipart({ pessoa_id: String(s.stranger) }, [{ name: 'rg.png', data: PNG }]) });
    expect(out.statusCode).toBe(404);
    expect((await t.database.db.select().from(storedFile)).length).toBe(before);
    const none = await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: s.token, ...multipart({ pessoa_id: String(s.own) }, []) });
    expect(none.statusCode).toBe(422);
  });
});
