import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createEmpresa, createUsuario } from '../src/factories/foundation.js';
import { and } from 'drizzle-orm';
import { auditLog, loginThrottle, usuario, empresa } from '../src/db/schema/index.js';
import { createTestApp, refreshCookieOf, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimits: { freeFailures: 4, accountFreeFailures: 10, maxBackoffSeconds: 2 } });
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

  it('slows a login down after repeated failures from one IP (429 + Retry-After) without locking it; other IPs are not slowed', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    for (let i = 0; i < 4; i++) expect((await loginReq(u.login, 'errada', '10.9.9.9')).statusCode).toBe(401);
    const waiting = await loginReq(u.login, u.password, '10.9.9.9');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().msg).toBe('Muitas tentativas sem sucesso. Tente novamente em 1 segundo.');
    expect(waiting.headers['retry-after']).toBe('1');
    // the real user, elsewhere, is not kept out by somebody else's failures
    expect((await loginReq(u.login, u.password, '10.1.1.1')).statusCode).toBe(200);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.usuario_id, u.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['login.failed', 'login.backoff']));
    // the wait is over in a second: the right password is checked again and gets in
    await new Promise((r) => setTimeout(r, 1100));
    expect((await loginReq(u.login, u.password, '10.9.9.9')).statusCode).toBe(200);
    // which restarts that address's count: 4 more free failures
    for (let i = 0; i < 4; i++) expect((await loginReq(u.login, 'errada', '10.9.9.9')).statusCode).toBe(401);
  });

  it('each failure past the free ones doubles the wait, up to LOGIN_BACKOFF_MAX_SECONDS', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      expect((await loginReq(u.login, 'errada', '10.9.8.1')).statusCode).toBe(401);
      // the wait this failure set, then skipped (as if it had passed) so the next failure is checked
      const result = await t.database.db.execute(
        sql`update login_throttle t set next_attempt_at = null from login_throttle o
             where t.login = o.login and t.ip = o.ip and t.login = ${u.login.toLowerCase()} and t.ip = '10.9.8.1'
             returning coalesce(round(extract(epoch from o.next_attempt_at - now())), 0)::int as wait`,
      );
      waits.push(Number((result as { rows: { wait: number }[] }).rows[0].wait));
    }
    // free: 4, then 1 s, 2 s, and LOGIN_BACKOFF_MAX_SECONDS (2 in this app)
    expect(waits).toEqual([0, 0, 0, 1, 2, 2, 2]);
    const [row] = await t.database.db.select().from(loginThrottle).where(and(eq(loginThrottle.login, u.login.toLowerCase()), eq(loginThrottle.ip, '10.9.8.1')));
    expect(row.failures).toBe(7);
  });

  it('a counter forgets after 24 hours without a failure; rows nothing remembers are cleared, known addresses kept', async () => {
    const u = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    for (let i = 0; i < 3; i++) expect((await loginReq(u.login, 'errada', '10.9.6.1')).statusCode).toBe(401);
    expect((await loginReq(u.login, u.password, '10.9.6.2')).statusCode).toBe(200);
    const key = u.login.toLowerCase();
    await t.database.db.execute(sql`update login_throttle set last_failure_at = now() - interval '25 hours' where login = ${key}`);
    await t.database.db.execute(sql`insert into login_throttle (login, ip, failures, last_failure_at) values ('ninguem', '10.9.6.9', 7, now() - interval '2 days')`);
    expect((await loginReq(u.login, 'errada', '10.9.6.1')).statusCode).toBe(401);
    const rows = await t.database.db.select().from(loginThrottle).where(sql`${loginThrottle.login} in (${key}, 'ninguem')`);
    const byIp = Object.fromEntries(rows.map((r) => [r.ip, r.failures]));
    // the address's three old failures were forgotten: this one is the first
    expect(byIp['10.9.6.1']).toBe(1);
    // the known address (a session opened from it) stays; the stranger's stale row is gone
    expect(byIp['10.9.6.2']).toBe(0);
    expect(rows.some((r) => r.login === 'ninguem')).toBe(false);
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
      permissoes: ['usuario', 'usuario.updatePassword', 'integracao.chaves'],
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

  it('throttles the current-password check like a login: wrong guesses wait, the right one gets in after the wait', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1', password: 'antiga123' });
    const change = (old_password: string, ip: string) =>
      t.call({ method: 'POST', url: `/api/usuario/updatePassword/${user.id}`, token, remoteAddress: ip, payload: { old_password, password: 'nova-senha-77' } });
    for (let i = 0; i < 4; i++) expect((await change(`errada${i}xx`, '10.9.7.1')).statusCode).toBe(422);
    const waiting = await change('antiga123', '10.9.7.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().msg).toMatch(/^Muitas tentativas sem sucesso/);
    // the counter is the login's, shared with POST /api/login from that address
    expect((await loginReq(user.login, 'antiga123', '10.9.7.1')).statusCode).toBe(429);
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.usuario_id, user.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['usuario.updatePassword_senha_incorreta', 'login.backoff']));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await change('antiga123', '10.9.7.1')).statusCode).toBe(200);
  });

  it('refuses a user without the usuario.updatePassword permission', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1', permissoes: ['usuario'], password: 'antiga123' });
    const res = await t.call({ method: 'POST', url: `/api/usuario/updatePassword/${user.id}`, token, payload: { old_password: 'antiga123', password: 'nova12345' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('password policy (decision 106)', () => {
  const MSG_SHORT = 'A senha deve ter pelo menos 8 caracteres';
  const MSG_LOGIN = 'A senha não pode ser igual ao login';
  const MSG_COMMON = 'Esta senha é muito comum e fácil de adivinhar; escolha outra';

  it('Alterar Senha: short, equal to the login or common → 422 with the message on the field; nothing changes', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1', login: 'maria.politica', password: 'antiga123' });
    const url = `/api/usuario/updatePassword/${user.id}`;
    for (const [password, msg] of [
      ['curta1', MSG_SHORT],
      ['maria.politica', MSG_LOGIN],
      ['Maria.Politica', MSG_LOGIN],
      ['12345678', MSG_COMMON],
      ['password1', MSG_COMMON],
      ['Iloveyou', MSG_COMMON],
    ]) {
      const res = await t.call({ method: 'POST', url, token, payload: { old_password: 'antiga123', password } });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors).toEqual({ password: msg });
    }
    // refused before the current password is checked: no attempt was counted
    const rows = await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.login, 'maria.politica'));
    expect(rows.every((r) => r.failures === 0)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url, token, payload: { old_password: 'antiga123', password: 'cavalo bateria grampo' } })).statusCode).toBe(200);
  });

  it('Usuários (create): short, equal to the login or common → 422 with the message; an acceptable one creates the user', async () => {
    const { token } = await t.userWithToken({ nivel: '2', empresa_id: null });
    const base = { name: 'Pedro Política', email: null, nivel: '2', empresa_id: null, setor: 'TI' };
    for (const [login, password, msg] of [
      ['pedro.a', 'curta1', MSG_SHORT],
      ['pedro.b', 'Pedro.B', MSG_SHORT],
      ['pedro.politica', 'pedro.politica', MSG_LOGIN],
      ['pedro.c', 'qwertyuiop', MSG_COMMON],
      ['pedro.d', 'admin123', MSG_COMMON],
    ]) {
      const res = await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: { ...base, login, password } });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors, password).toEqual({ password: msg });
    }
    const users = await t.database.db.select().from(usuario).where(sql`${usuario.login} like 'pedro.%'`);
    expect(users).toEqual([]);
    const ok = await t.call({ method: 'POST', url: '/api/usuario/create', token, payload: { ...base, login: 'pedro.e', password: 'loja1234' } });
    expect(ok.statusCode, ok.body).toBe(200);
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
