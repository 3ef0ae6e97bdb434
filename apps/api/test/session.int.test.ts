import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createEmpresa, createUsuario } from '../src/factories/foundation.js';
import { auditLog, usuario, empresa } from '../src/db/schema/index.js';
import { createTestApp, refreshCookieOf, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: 4, loginLockMinutes: 15 });
});
afterAll(async () => t?.close());

const loginReq = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });

describe('login', () => {
  it('answers an access token and sets the refresh cookie HttpOnly, SameSite=Strict', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const res = await loginReq(u.login, u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, token_type: 'bearer', expires_in: 900 });
    expect(body.access_token).toMatch(/^ey/);
    // the refresh token travels only in the HttpOnly cookie, never in the JSON
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'msg', 'status', 'token_type']);
    const cookie = res.cookies.find((c) => c.name === 'bg_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.usuario_id, u.id));
    expect(audits.map((a) => a.action)).toContain('login');
  });

  it('refuses wrong credentials with 401 and a Portuguese msg, and invalid input with 422', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const wrong = await loginReq(u.login, 'errada123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, msg: 'Ocorreu uma falha na autenticação!' });
    const unknown = await loginReq('ninguem-aqui', 'x');
    expect(unknown.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ username: 'Campo obrigatório', password: 'Campo obrigatório' });
    const garbage = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().msg).toBe('Corpo da requisição inválido.');
  });

  it('locks a login after repeated failures from one IP, but not from another IP', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    for (let i = 0; i < 4; i++) expect((await loginReq(u.login, 'errada', '10.9.9.9')).statusCode).toBe(401);
    const locked = await loginReq(u.login, u.password, '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/Tente novamente em \d+ minuto/);
    // the real user, elsewhere, is not kept out by somebody else's failures
    expect((await loginReq(u.login, u.password, '10.1.1.1')).statusCode).toBe(200);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.usuario_id, u.id));
    expect(audits.map((a) => a.action)).toContain('login.locked');
    // the lock ends by itself
    await t.database.db.execute(sql`update login_throttle set locked_until = now() - interval '1 second' where login = ${u.login.toLowerCase()}`);
    expect((await loginReq(u.login, u.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('refuses a blocked user and the users of a blocked empresa', async () => {
    const blocked = await createUsuario(t.database.db, { nivel: '2', empresa_id: null, situacao: 'BLOQUEADO' });
    const res = await loginReq(blocked.login, blocked.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/bloqueado/i);
    const e = await createEmpresa(t.database.db, { situacao: 'BLOQUEADA' });
    const u = await createUsuario(t.database.db, { empresa_id: e.id });
    expect((await loginReq(u.login, u.password)).statusCode).toBe(401);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token and revokes the family when a used token comes back', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const first = await loginReq(u.login, u.password);
    const c1 = refreshCookieOf(first)!;
    const r1 = await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: c1 } });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().access_token).toMatch(/^ey/);
    expect(Object.keys(r1.json()).sort()).toEqual(['access_token', 'expires_in', 'msg', 'status', 'token_type']);
    const c2 = refreshCookieOf(r1)!;
    expect(c2).toBeTruthy();
    expect(c2).not.toBe(c1);
    // the used token back at once (another tab's lost race): 409 retry, the cookie and the family live
    const race = await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: c1 } });
    expect(race.statusCode).toBe(409);
    expect(race.json()).toMatchObject({ status: 409, retry: true });
    expect(refreshCookieOf(race)).toBeUndefined();
    const r2 = await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: c2 } });
    expect(r2.statusCode).toBe(200);
    const c3 = refreshCookieOf(r2)!;
    // the used token back after the grace window: a replay, so the whole family (including c3) dies
    await t.database.db.execute(sql`UPDATE refresh_token SET used_at = now() - interval '1 hour' WHERE used_at IS NOT NULL AND usuario_id = ${u.id}`);
    const replay = await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: c1 } });
    expect(replay.statusCode).toBe(401);
    const after = await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: c3 } });
    expect(after.statusCode).toBe(401);
  });

  it('rotates once when two refreshes with one token race', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const c1 = refreshCookieOf(await loginReq(u.login, u.password))!;
    const results = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: c1 } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // the winner's new token still works: the lost race did not revoke the session
    const winner = results.find((r) => r.statusCode === 200)!;
    expect((await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: refreshCookieOf(winner)! } })).statusCode).toBe(200);
  });

  it('refuses refresh without cookie and after logout', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/login/refresh' })).statusCode).toBe(401);
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const c1 = refreshCookieOf(await loginReq(u.login, u.password))!;
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', cookies: { bg_refresh: c1 } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: c1 } })).statusCode).toBe(401);
  });
});

describe('authorisation', () => {
  it('answers 401 without a token or with a bad one', async () => {
    const res = await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, msg: 'Faça login para continuar.' });
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: 'abc.def.ghi' })).statusCode).toBe(401);
  });

  it('answers the current user with its empresa', async () => {
    const e = await createEmpresa(t.database.db, { antecipa: 'S', qtd_max_parcelas: 10 });
    const { token, user } = await t.userWithToken({ name: 'Maria da Silva Souza', empresa_id: e.id, setor: 'Caixa' });
    const res = await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: user.id,
      name: 'Maria da Silva Souza',
      login: user.login,
      email: user.email,
      nivel: '1',
      setor: 'Caixa',
      permissoes: ['usuario', 'usuario.updatePassword'],
      displayName: 'Maria Souza',
      avatar: null,
      empresa: { id: e.id, fantasia: e.fantasia, qtd_max_parcelas: 10, antecipa: 'S', simula_venda: 'N' },
      dois_fatores: { ativo: false, configuracao_obrigatoria: false },
    });
  });

  it('answers 403 to an usuario on an administrador route', async () => {
    const { token } = await t.userWithToken({ nivel: '1' });
    const res = await t.call({ method: 'GET', url: '/api/auditoria/getAllPaginate', token });
    expect(res.statusCode).toBe(403);
    const admin = await t.userWithToken({ nivel: '2' });
    const ok = await t.call({ method: 'GET', url: '/api/auditoria/getAllPaginate?per_page=5', token: admin.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ current_page: 1, per_page: 5 });
  });

  it('stops a blocked user at once, even with a valid access token', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).statusCode).toBe(200);
    await t.database.db.update(usuario).set({ situacao: 'BLOQUEADO' }).where(eq(usuario.id, user.id));
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).statusCode).toBe(401);
    await t.database.db.update(usuario).set({ situacao: 'ATIVO' }).where(eq(usuario.id, user.id));
    await t.database.db.update(empresa).set({ situacao: 'BLOQUEADA' }).where(eq(empresa.id, user.empresa_id!));
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).statusCode).toBe(401);
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, msg: 'Recurso não encontrado.' });
  });
});

describe('change password', () => {
  it('checks the current password, then ends every session', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1', password: 'antiga123' });
    const url = `/api/usuario/updatePassword/${user.id}`;
    const wrong = await t.call({ method: 'POST', url, token, payload: { old_password: 'outra999', password: 'nova12345' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().msg).toBe('A senha atual não confere.');
    const short = await t.call({ method: 'POST', url, token, payload: { old_password: 'antiga123', password: 'curta' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBe('A senha deve ter pelo menos 8 caracteres');
    const other = await t.call({ method: 'POST', url: `/api/usuario/updatePassword/${user.id + 100000}`, token, payload: { old_password: 'antiga123', password: 'nova12345' } });
    expect(other.statusCode).toBe(404);

    const ok = await t.call({ method: 'POST', url, token, payload: { old_password: 'antiga123', password: 'nova12345' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).statusCode).toBe(401);
    expect((await loginReq(user.login, 'antiga123')).statusCode).toBe(401);
    expect((await loginReq(user.login, 'nova12345')).statusCode).toBe(200);
  });

  it('refuses a user without the usuario.updatePassword permission', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1', permissoes: ['usuario'], password: 'antiga123' });
    const res = await t.call({ method: 'POST', url: `/api/usuario/updatePassword/${user.id}`, token, payload: { old_password: 'antiga123', password: 'nova12345' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('health and docs', () => {
  it('answers health with the database kind and serves the OpenAPI description', async () => {
    const health = await t.call({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', db: t.database.kind });
    const config = await t.call({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({ status: 200, msg: 'ok', chatUrl: t.config.chatUrl });
    const doc = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3/);
    expect(Object.keys(spec.paths)).toContain('/api/login');
    expect(spec.paths['/api/login'].post.requestBody).toBeTruthy();
  });
});
