import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { completeCnpj } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { auditLog, empresa } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';

let t: TestApp;
let admin: string;
let seq = 0;
const newCnpj = () => completeCnpj(`${String(Date.now()).slice(-7)}${String(++seq).padStart(1, '0')}0001`.slice(-12));
const body = (over: Record<string, unknown> = {}) => ({
  cnpj: newCnpj(), razao: 'Nova Loja Comércio Ltda', fantasia: 'Nova Loja', cep: '01310-100', endereco: 'Avenida Paulista', numero: '100',
  bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', email: 'contato@novaloja.com.br', tel1: '(11)3333-4444', ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

describe('POST /api/empresa/create', () => {
  it('administrador creates with the spec defaults and answers data.id; audited', async () => {
    const res = await t.call({ method: 'POST', url: '/api/empresa/create', token: admin, payload: body() });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const got = (await t.call({ method: 'GET', url: `/api/empresa/getById/${id}`, token: admin })).json().data;
    expect(got).toMatchObject({
      comissao_franqueado: 10, valor_consulta: 3.5, mensalidade: 150, taxa_prorrata: 0.1, antecipa: 'N', taxa_antecipacao: null,
      qtd_max_parcelas: 12, simula_venda: 'N', limite_cpf_cnpj: null, limite_boleto: null, situacao: 'ATIVA', tel1: '1133334444', cep: '01310100',
    });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'empresa'), eq(auditLog.entity_id, String(id))));
    expect(audits.map((a) => a.action)).toEqual(['empresa.create']);
  });

  it('administrador sets commercial terms; taxa_antecipacao is required when antecipa is S', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/empresa/create', token: admin, payload: body({ antecipa: 'S' }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ taxa_antecipacao: 'Campo obrigatório' });
    const res = await t.call({
      method: 'POST', url: '/api/empresa/create', token: admin,
      payload: body({ antecipa: 'S', taxa_antecipacao: 2.75, limite_boleto: 1500.5, valor_consulta: 4, qtd_max_parcelas: 10 }),
    });
    const got = (await t.call({ method: 'GET', url: `/api/empresa/getById/${res.json().data.id}`, token: admin })).json().data;
    expect(got).toMatchObject({ antecipa: 'S', taxa_antecipacao: 2.75, limite_boleto: 1500.5, valor_consulta: 4, qtd_max_parcelas: 10 });
  });

  it('validates required fields and the CNPJ (check digits, repeated digits, CPF refused), 409 on a repeated CNPJ', async () => {
    const empty = await t.call({ method: 'POST', url: '/api/empresa/create', token: admin, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ cnpj: 'Campo obrigatório', razao: 'Campo obrigatório', fantasia: 'Campo obrigatório', cep: 'Campo obrigatório', endereco: 'Campo obrigatório', numero: 'Campo obrigatório', bairro: 'Campo obrigatório', cidade: 'Campo obrigatório', uf: 'Campo obrigatório' });
    for (const cnpj of ['11.111.111/1111-11', '00000000000000', '11.222.333/0001-00', '529.982.247-25']) {
      const res = await t.call({ method: 'POST', url: '/api/empresa/create', token: admin, payload: body({ cnpj }) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cnpj).toBe('Informe um CPF/CNPJ válido!');
    }
    const cnpj = newCnpj();
    expect((await t.call({ method: 'POST', url: '/api/empresa/create', token: admin, payload: body({ cnpj }) })).statusCode).toBe(200);
    const dup = await t.call({ method: 'POST', url: '/api/empresa/create', token: admin, payload: body({ cnpj }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.cnpj).toMatch(/já cadastrado/);
  });

  it('a franqueado creates its franchisee (default terms) but may not send commercial terms; an usuario cannot create', async () => {
    const { token, user } = await t.userWithToken({ nivel: '3' });
    const res = await t.call({ method: 'POST', url: '/api/empresa/create', token, payload: body() });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(empresa).where(eq(empresa.id, res.json().data.id));
    expect(row.franqueado_id).toBe(user.empresa_id);
    const forced = await t.call({ method: 'POST', url: '/api/empresa/create', token, payload: body({ limite_boleto: 999999, franqueado_id: null }) });
    expect(forced.statusCode).toBe(403);
    const usuario = await t.userWithToken({ nivel: '1' });
    expect((await t.call({ method: 'POST', url: '/api/empresa/create', token: usuario.token, payload: body() })).statusCode).toBe(403);
  });
});

describe('tenancy of lists and reads', () => {
  it('an usuario sees only its own empresa; a franqueado its own plus franchisees; 404 outside', async () => {
    const franquia = await createEmpresa(t.database.db);
    const franqueada = await createEmpresa(t.database.db, { franqueado_id: franquia.id });
    const outra = await createEmpresa(t.database.db);
    const u = await createUsuario(t.database.db, { nivel: '1', empresa_id: franqueada.id });
    const uToken = await t.login(u.login, u.password);
    const f = await createUsuario(t.database.db, { nivel: '3', empresa_id: franquia.id });
    const fToken = await t.login(f.login, f.password);

    const uList = (await t.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token: uToken })).json();
    expect(uList.data.map((e: { id: number }) => e.id)).toEqual([franqueada.id]);
    expect(uList).toMatchObject({ total: 1, from: 1, to: 1, current_page: 1 });
    expect((await t.call({ method: 'GET', url: `/api/empresa/getById/${outra.id}`, token: uToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/empresa/getById/${franquia.id}`, token: uToken })).statusCode).toBe(404);
    // ...but its own empresa names the franqueado, for the read-only Franqueado select.
    const own = (await t.call({ method: 'GET', url: `/api/empresa/getById/${franqueada.id}`, token: uToken })).json().data;
    expect(own).toMatchObject({ id: franqueada.id, franqueado_id: franquia.id, franqueado_fantasia: franquia.fantasia });
    expect((await t.call({ method: 'GET', url: `/api/empresa/getById/${outra.id}`, token: admin })).json().data).toMatchObject({ franqueado_fantasia: null });

    const fIds = (await t.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token: fToken })).json().data.map((e: { id: number }) => e.id);
    expect(fIds.sort()).toEqual([franquia.id, franqueada.id].sort());
    const select = (await t.call({ method: 'GET', url: '/api/empresa/dataForSelect', token: fToken })).json().data;
    expect(select.map((o: { value: number }) => o.value).sort()).toEqual([franquia.id, franqueada.id].sort());
    expect(select[0]).toHaveProperty('label');
  });

  it('searches by name and by CNPJ digits (pesquisa) for the administrador', async () => {
    const e = await createEmpresa(t.database.db, { fantasia: 'Zeta Calçados Pesquisa' });
    const byName = (await t.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token: admin, query: { pesquisa: 'calçados pesq' } })).json();
    expect(byName.data.map((r: { id: number }) => r.id)).toEqual([e.id]);
    const byCnpj = (await t.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token: admin, query: { pesquisa: e.cnpj.slice(0, 8) } })).json();
    expect(byCnpj.data.map((r: { id: number }) => r.id)).toContain(e.id);
  });
});

describe('POST /api/empresa/update/{id}', () => {
  it('an usuario edits contact fields of its own empresa but not the commercial terms, and not others', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const [own] = await t.database.db.select().from(empresa).where(eq(empresa.id, user.empresa_id!));
    const payload = body({ cnpj: own.cnpj, razao: own.razao, fantasia: 'Fantasia Editada', tel2: '(21)98765-4321' });
    const ok = await t.call({ method: 'POST', url: `/api/empresa/update/${own.id}`, token, payload });
    expect(ok.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(empresa).where(eq(empresa.id, own.id));
    expect(after).toMatchObject({ fantasia: 'Fantasia Editada', tel2: '21987654321', limite_boleto: own.limite_boleto });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'empresa.update'), eq(auditLog.entity_id, String(own.id))));
    expect(audit.summary).toMatchObject({ fantasia: { before: own.fantasia, after: 'Fantasia Editada' } });

    const raise = await t.call({ method: 'POST', url: `/api/empresa/update/${own.id}`, token, payload: { ...payload, limite_boleto: 100000, antecipa: 'S', taxa_antecipacao: 0 } });
    expect(raise.statusCode).toBe(403);
    const other = await createEmpresa(t.database.db);
    expect((await t.call({ method: 'POST', url: `/api/empresa/update/${other.id}`, token, payload: body({ cnpj: other.cnpj }) })).statusCode).toBe(404);
  });

  it('an usuario or a franqueado cannot change the CNPJ or the razão social (issue 23): 403, nothing written; an administrador can', async () => {
    const loja = await t.userWithToken({ nivel: '1' });
    const franq = await t.userWithToken({ nivel: '3' });
    const franqueada = await createEmpresa(t.database.db, { franqueado_id: franq.user.empresa_id });
    const [own] = await t.database.db.select().from(empresa).where(eq(empresa.id, loja.user.empresa_id!));
    const audits = async (id: number) => (await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'empresa.update'), eq(auditLog.entity_id, String(id))))).length;
    const message = 'Somente administradores alteram o CNPJ e a razão social da empresa.';
    for (const [who, token, e] of [['usuario', loja.token, own], ['franqueado', franq.token, franqueada]] as const) {
      const same = { cnpj: e.cnpj, razao: e.razao };
      for (const change of [{ cnpj: newCnpj() }, { razao: 'Outra Razão Social Ltda' }, { cnpj: newCnpj(), razao: 'Outra Ltda' }]) {
        const res = await t.call({ method: 'POST', url: `/api/empresa/update/${e.id}`, token, payload: body({ ...same, ...change, tel1: '(11)2222-3333' }) });
        expect(res.statusCode, `${who} ${JSON.stringify(change)}`).toBe(403);
        expect(res.json().msg).toBe(message);
      }
      const [unchanged] = await t.database.db.select().from(empresa).where(eq(empresa.id, e.id));
      expect(unchanged).toMatchObject({ cnpj: e.cnpj, razao: e.razao, tel1: e.tel1 });
      expect(await audits(e.id)).toBe(0);
      // the same identity, masked or with other spacing, is no change: the contact fields are saved
      const masked = e.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
      const ok = await t.call({ method: 'POST', url: `/api/empresa/update/${e.id}`, token, payload: body({ cnpj: masked, razao: ` ${e.razao} `, tel1: '(11)2222-3333' }) });
      expect(ok.statusCode, ok.body).toBe(200);
      const [after] = await t.database.db.select().from(empresa).where(eq(empresa.id, e.id));
      expect(after).toMatchObject({ cnpj: e.cnpj, razao: e.razao, tel1: '1122223333' });
    }
    const cnpj = newCnpj();
    const byAdmin = await t.call({ method: 'POST', url: `/api/empresa/update/${franqueada.id}`, token: admin, payload: body({ cnpj, razao: 'Razão Nova Ltda' }) });
    expect(byAdmin.statusCode).toBe(200);
    const [renamed] = await t.database.db.select().from(empresa).where(eq(empresa.id, franqueada.id));
    expect(renamed).toMatchObject({ cnpj, razao: 'Razão Nova Ltda' });
  });

  it('administrador changes terms; clears taxa_antecipacao when antecipa goes N; refuses being its own franqueado', async () => {
    const e = await createEmpresa(t.database.db, { antecipa: 'S', taxa_antecipacao: '2' });
    const payload = body({ cnpj: e.cnpj, antecipa: 'N', taxa_antecipacao: 3, comissao_franqueado: 12.5 });
    expect((await t.call({ method: 'POST', url: `/api/empresa/update/${e.id}`, token: admin, payload })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(empresa).where(eq(empresa.id, e.id));
    expect(after).toMatchObject({ antecipa: 'N', taxa_antecipacao: null, comissao_franqueado: '12.50' });
    const self = await t.call({ method: 'POST', url: `/api/empresa/update/${e.id}`, token: admin, payload: { ...payload, franqueado_id: e.id } });
    expect(self.statusCode).toBe(422);
  });
});

describe('enable / disable', () => {
  it('blocks an empresa once (409 the second time), its users are refused at login and at once on their sessions', async () => {
    const e = await createEmpresa(t.database.db);
    const u = await createUsuario(t.database.db, { nivel: '1', empresa_id: e.id });
    const uToken = await t.login(u.login, u.password);
    const first = await t.call({ method: 'POST', url: `/api/empresa/disable/${e.id}`, token: admin });
    expect(first.json()).toMatchObject({ status: 200, data: { situacao: 'BLOQUEADA' } });
    const again = await t.call({ method: 'POST', url: `/api/empresa/disable/${e.id}`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('A empresa já está bloqueada.');
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: uToken })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.login, password: u.password } });
    expect(login.statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `/api/empresa/enable/${e.id}`, token: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.login, password: u.password } })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/empresa/enable/999999', token: admin })).statusCode).toBe(404);
  });

  it('is for administradores only', async () => {
    const { token, user } = await t.userWithToken({ nivel: '3' });
    expect((await t.call({ method: 'POST', url: `/api/empresa/disable/${user.empresa_id}`, token })).statusCode).toBe(403);
  });
});

describe('GET /api/empresa/getFranqueados', () => {
  it('lists franchisors with their franchisees (administrador only)', async () => {
    const franquia = await createEmpresa(t.database.db, { fantasia: 'AAA Franquia Teste' });
    const a = await createEmpresa(t.database.db, { franqueado_id: franquia.id });
    const b = await createEmpresa(t.database.db, { franqueado_id: franquia.id });
    const res = (await t.call({ method: 'GET', url: '/api/empresa/getFranqueados', token: admin })).json();
    const mine = res.data.find((f: { id: number }) => f.id === franquia.id);
    expect(mine.franqueadas.map((e: { id: number }) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect(res.data.find((f: { id: number }) => f.id === a.id)).toBeUndefined();
    const { token } = await t.userWithToken({ nivel: '3' });
    expect((await t.call({ method: 'GET', url: '/api/empresa/getFranqueados', token })).statusCode).toBe(403);
  });
});
