import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { usuarioContracts } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { auditLog, refreshToken, usuario } from '../../src/db/schema/index.js';
import { createTestApp, refreshCookieOf, type TestApp } from '../harness.js';

let t: TestApp;
let admin: string;
let n = 0;
const login = () => `novo.${Date.now() % 1000000}.${++n}`;
const body = (over: Record<string, unknown>) => ({ name: 'Paula Vendedora', login: login(), password: 'segredo123', email: 'paula@loja.com.br', nivel: '1', ...over });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

describe('POST /api/usuario/create', () => {
  it('an usuario creates users of its own empresa with default permissions; the new user can log in', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const payload = body({ empresa_id: user.empresa_id });
    const res = await t.call({ method: 'POST', url: '/api/usuario/create', token, payload });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const [row] = await t.database.db.select().from(usuario).where(eq(usuario.id, id));
    expect(row).toMatchObject({ nivel: '1', empresa_id: user.empresa_id, situacao: 'ATIVO', permissoes: ['usuario', 'usuario.updatePassword', 'integracao.chaves'] }); // the shop's API keys and webhooks (decision 117)
    expect(row.password_hash).not.toContain('segredo123');
    await t.login(payload.login, 'segredo123');
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'usuario.create'), eq(auditLog.entity_id, String(id))));
    expect(audit.summary).toMatchObject({ login: payload.login, nivel: '1' });
    expect(JSON.stringify(audit.summary)).not.toContain('segredo123');
  });

  it('an usuario can never create an administrador or a franqueado, nor a user of another empresa', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const adm = await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: body({ nivel: '2', empresa_id: null }) });
    expect(adm.statusCode).toBe(403);
    expect(adm.json().msg).toBe('Você não pode atribuir este nível de acesso.');
    expect((await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: body({ nivel: '2', empresa_id: user.empresa_id }) })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: body({ nivel: '3', empresa_id: user.empresa_id }) })).statusCode).toBe(403);
    const other = await createEmpresa(t.database.db);
    const res = await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: body({ empresa_id: other.id }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ empresa_id: 'Empresa não encontrada.' });
  });

  it('a franqueado creates users in its franchisees, franqueados only in its own empresa', async () => {
    const { token, user } = await t.userWithToken({ nivel: '3' });
    const franqueada = await createEmpresa(t.database.db, { franqueado_id: user.empresa_id });
    expect((await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: body({ empresa_id: franqueada.id }) })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: body({ nivel: '3', empresa_id: user.empresa_id }) })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: body({ nivel: '3', empresa_id: franqueada.id }) })).statusCode).toBe(403);
  });

  it('validates the input (required, password length, empresa for non-admins) and refuses a login in use', async () => {
    const empty = await t.call({ method: 'POST', url: '/api/usuario/create', token: admin, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ name: 'Campo obrigatório', login: 'Campo obrigatório', password: 'Campo obrigatório', nivel: 'Campo obrigatório' });
    const short = await t.call({ method: 'POST', url: '/api/usuario/create', token: admin, payload: body({ password: 'curta', nivel: '1' }) });
    expect(short.json().errors).toMatchObject({ password: 'A senha deve ter pelo menos 8 caracteres', empresa_id: 'Campo obrigatório' });
    const existing = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const dup = await t.call({ method: 'POST', url: '/api/usuario/create', token: admin, payload: body({ login: existing.login.toUpperCase(), nivel: '2' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ login: 'Este login já está em uso.' });
  });
});

describe('lists and reads', () => {
  it('an usuario lists only its empresa users and gets 404 for others; filtro searches', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const mate = await createUsuario(t.database.db, { nivel: '1', empresa_id: user.empresa_id, name: 'Colega Filtravel' });
    const stranger = await createUsuario(t.database.db, { nivel: '1', empresa_id: (await createEmpresa(t.database.db)).id });
    const list = (await t.call({ method: 'GET', url: '/api/usuario/getAllPaginate', token })).json();
    expect(list.data.map((u: { id: number }) => u.id).sort()).toEqual([user.id, mate.id].sort());
    expect(list.data[0]).toHaveProperty('empresa');
    expect(list.data[0]).not.toHaveProperty('password_hash');
    expect((await t.call({ method: 'GET', url: `/api/usuario/getById/${stranger.id}`, token })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/usuario/getById/${mate.id}`, token })).json().data).toMatchObject({ id: mate.id, login: mate.login });
    const filtered = (await t.call({ method: 'GET', url: '/api/usuario/getAllPaginate', token, query: { filtro: 'filtravel' } })).json();
    expect(filtered.data.map((u: { id: number }) => u.id)).toEqual([mate.id]);
  });

  it('answers only the fields of the contract: never the password hash, the token version or sessions', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const fields = Object.keys(usuarioContracts.getById.response.shape.data.shape).sort();
    const one = (await t.call({ method: 'GET', url: `/api/usuario/getById/${user.id}`, token })).json().data;
    expect(Object.keys(one).sort()).toEqual(fields);
    const list = (await t.call({ method: 'GET', url: '/api/usuario/getAllPaginate', token })).json();
    for (const row of list.data) expect(Object.keys(row).sort()).toEqual(fields);
    expect(JSON.stringify([one, list])).not.toMatch(/password|token_version|refresh/);
    expect(one.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });
});

describe('POST /api/usuario/update/{id}', () => {
  it('edits name/login/email without touching the password; an usuario cannot raise anyone', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const mate = await createUsuario(t.database.db, { nivel: '1', empresa_id: user.empresa_id });
    const [before] = await t.database.db.select().from(usuario).where(eq(usuario.id, mate.id));
    const ok = await t.call({ method: 'POST', url: `/api/usuario/update/${mate.id}`, token, payload: { name: 'Nome Novo', login: mate.login, email: '', nivel: '1', empresa_id: user.empresa_id } });
    expect(ok.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(usuario).where(eq(usuario.id, mate.id));
    expect(after).toMatchObject({ name: 'Nome Novo', email: null, password_hash: before.password_hash });
    const raise = await t.call({ method: 'POST', url: `/api/usuario/update/${mate.id}`, token, payload: { name: 'X', login: mate.login, nivel: '2', empresa_id: null } });
    expect(raise.statusCode).toBe(403);
    const [still] = await t.database.db.select().from(usuario).where(eq(usuario.id, mate.id));
    expect(still.nivel).toBe('1');
  });

  it('administrador changes the level and the permissions follow', async () => {
    const u = await createUsuario(t.database.db, { nivel: '1', empresa_id: (await createEmpresa(t.database.db)).id });
    const res = await t.call({ method: 'POST', url: `/api/usuario/update/${u.id}`, token: admin, payload: { name: u.name, login: u.login, nivel: '2', empresa_id: u.empresa_id } });
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(usuario).where(eq(usuario.id, u.id));
    expect(after).toMatchObject({ nivel: '2', empresa_id: null, permissoes: ['administrador', 'usuario.updatePassword'] });
  });
});

describe('block / unblock', () => {
  it('blocking ends the sessions at once (access and refresh) and login is refused; unblock restores login', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const mate = await createUsuario(t.database.db, { nivel: '1', empresa_id: user.empresa_id });
    const loginRes = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: mate.login, password: mate.password } });
    const mateToken = loginRes.json().access_token;
    const cookie = refreshCookieOf(loginRes)!;
    const res = await t.call({ method: 'POST', url: `/api/usuario/disable/${mate.id}`, token });
    expect(res.json()).toMatchObject({ status: 200, data: { situacao: 'BLOQUEADO' } });
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: mateToken })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: cookie } })).statusCode).toBe(401);
    const tokens = await t.database.db.select().from(refreshToken).where(eq(refreshToken.usuario_id, mate.id));
    expect(tokens.every((r) => r.revoked_at !== null)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: mate.login, password: mate.password } })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `/api/usuario/disable/${mate.id}`, token })).statusCode).toBe(409);
    expect((await t.call({ method: 'POST', url: `/api/usuario/enable/${mate.id}`, token })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: mate.login, password: mate.password } })).statusCode).toBe(200);
  });

  it('refuses blocking oneself and users outside the scope', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    expect((await t.call({ method: 'POST', url: `/api/usuario/disable/${user.id}`, token })).statusCode).toBe(400);
    const stranger = await createUsuario(t.database.db, { nivel: '1', empresa_id: (await createEmpresa(t.database.db)).id });
    expect((await t.call({ method: 'POST', url: `/api/usuario/disable/${stranger.id}`, token })).statusCode).toBe(404);
  });
});
