import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { TWO_FACTOR_MSG } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { auditLog, loginThrottle, refreshToken, usuarioCodigoRecuperacao, usuarioDoisFatores } from '../../src/db/schema/index.js';
import { ANY_IP_2FA } from '../../src/modules/auth/login-throttle.js';
import { totpCode } from '../../src/modules/auth/totp.js';
import { createTestApp, refreshCookieOf, type TestApp } from '../harness.js';

/**
 * Two-factor sign-in (docs/decisions/095): setup with a QR code and a first code, login in two
 * steps (TOTP or a single-use recovery code), throttling of wrong codes like passwords, turning it
 * off with password + code, and REQUIRE_ADMIN_2FA enforced by the API itself.
 */
const FREE_FAILURES = 4;
let t: TestApp;
let strict: TestApp;

beforeAll(async () => {
  t = await createTestApp({ loginLimits: { freeFailures: FREE_FAILURES, accountFreeFailures: 5, maxBackoffSeconds: 2 } });
  strict = await createTestApp({ requireAdmin2fa: true });
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
});

type User = Awaited<ReturnType<typeof createUsuario>>;
async function lojaUser(app: TestApp = t): Promise<User> {
  const emp = await createEmpresa(app.database.db);
  return createUsuario(app.database.db, { nivel: '1', empresa_id: emp.id });
}

const post = (app: TestApp, url: string, payload?: object, token?: string, remoteAddress?: string) =>
  app.call({ method: 'POST', url, token, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const passwordStep = (app: TestApp, u: User, ip?: string) => post(app, '/api/login', { username: u.login, password: u.password }, undefined, ip);
/** A code of the next 30-second step: the current one may already have been spent. */
const nextCode = (secret: string, steps = 1) => totpCode(secret, Date.now() + steps * 30_000);

/** Signs in with the password alone (two-factor off): the access token and the refresh cookie. */
async function signIn(app: TestApp, u: User, ip?: string) {
  const res = await passwordStep(app, u, ip);
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().access_token as string, cookie: refreshCookieOf(res)! };
}

/** The session's next access token, as the web client gets it after a 401 (its refresh cookie). */
async function refreshed(app: TestApp, cookie: string) {
  const res = await app.call({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().access_token as string, cookie: refreshCookieOf(res)! };
}

/**
 * Turns two-factor sign-in on for a user from a session of its own; answers its secret, recovery
 * codes and that session — refreshed, since turning it on ended every access token (decision 106).
 */
async function enable(app: TestApp, u: User) {
  const session = await signIn(app, u);
  const started = await post(app, '/api/usuario/doisFatores/iniciar', undefined, session.token);
  expect(started.statusCode, started.body).toBe(200);
  const secret = started.json().data.segredo as string;
  const confirmed = await app.call({ method: 'POST', url: '/api/usuario/doisFatores/confirmar', token: session.token, cookies: { bg_refresh: session.cookie }, payload: { code: totpCode(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { token, cookie } = await refreshed(app, session.cookie);
  return { secret, codes: confirmed.json().codigos_recuperacao as string[], token, cookie };
}

describe('turning it on', () => {
  it('answers the secret and a QR code of the otpauth:// URI once, and enables it with the first code', async () => {
    const u = await lojaUser();
    const session = await signIn(t, u);
    const token = session.token;
    const status = await t.call({ method: 'GET', url: '/api/usuario/doisFatores', token });
    expect(status.json().data).toEqual({ ativo: false, ativado_em: null, codigos_restantes: 0, obrigatorio: false });

    const started = await post(t, '/api/usuario/doisFatores/iniciar', undefined, token);
    expect(started.statusCode).toBe(200);
    const { segredo, otpauth_url, qr_code } = started.json().data as { segredo: string; otpauth_url: string; qr_code: string };
    expect(segredo).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/Boleto%20Garantido:${u.login}?secret=${segredo}&issuer=Boleto%20Garantido&algorithm=SHA1&digits=6&period=30`);
    // the QR code on screen is that URI
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(qr_code.split(',')[1], 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(otpauth_url);

    // stored encrypted, bound to the user, not yet on
    const [row] = await t.database.db.select().from(usuarioDoisFatores).where(eq(usuarioDoisFatores.usuario_id, u.id));
    expect(row).toMatchObject({ ativo: false, ativado_em: null });
    expect(row.segredo_cifrado).toMatch(/^v1\./);
    expect(row.segredo_cifrado).not.toContain(segredo);
    // not on yet: the password alone still logs in
    expect((await passwordStep(t, u)).json().access_token).toEqual(expect.any(String));

    const wrong = await post(t, '/api/usuario/doisFatores/confirmar', { code: totpCode(segredo, Date.now() - 120_000) }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: TWO_FACTOR_MSG.codeInvalid });
    expect((await post(t, '/api/usuario/doisFatores/confirmar', { code: '12ab56' }, token)).statusCode).toBe(422);

    const confirmed = await t.call({ method: 'POST', url: '/api/usuario/doisFatores/confirmar', token, cookies: { bg_refresh: session.cookie }, payload: { code: totpCode(segredo) } });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().codigos_recuperacao as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.database.db.select().from(usuarioCodigoRecuperacao).where(eq(usuarioCodigoRecuperacao.usuario_id, u.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(s.codigo_hash).toMatch(/^\$argon2id\$/);

    // this session goes on after one refresh (its access token ended with every other one)
    expect((await t.call({ method: 'GET', url: '/api/usuario/doisFatores', token })).statusCode).toBe(401);
    const { token: renewed } = await refreshed(t, session.cookie);
    const after = (await t.call({ method: 'GET', url: '/api/usuario/doisFatores', token: renewed })).json().data;
    expect(after).toMatchObject({ ativo: true, codigos_restantes: 10, obrigatorio: false });
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: renewed })).json().data.dois_fatores).toEqual({ ativo: true, configuracao_obrigatoria: false });
    // the secret is never answered again
    const again = await post(t, '/api/usuario/doisFatores/iniciar', undefined, renewed);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(TWO_FACTOR_MSG.alreadyOn);
    const audited = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'usuario'), eq(auditLog.entity_id, String(u.id))));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['dois_fatores.iniciar', 'dois_fatores.ativar']));
  });

  it('ends every other session of the user: their access tokens at once, their refresh tokens revoked; this one continues', async () => {
    const u = await lojaUser();
    const other = await signIn(t, u, '10.20.0.1');
    const another = await signIn(t, u, '10.20.0.2');
    const { token, cookie } = await enable(t, u);
    // the other sessions: access token refused, refresh refused (revoked, not merely rotated)
    for (const s of [other, another]) {
      expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: s.token })).statusCode).toBe(401);
      expect((await t.call({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: s.cookie } })).statusCode).toBe(401);
    }
    // the session that turned it on: its refreshed token and its rotated cookie still work
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: cookie } })).statusCode).toBe(200);
    const [audit] = await t.database.db.select({ summary: auditLog.summary }).from(auditLog).where(and(eq(auditLog.action, 'dois_fatores.ativar'), eq(auditLog.entity_id, String(u.id))));
    expect(audit.summary).toEqual({ sessao_mantida: true });
  });

  it('turned on without the refresh cookie (an API client), it ends every session', async () => {
    const u = await lojaUser();
    const session = await signIn(t, u);
    const started = await post(t, '/api/usuario/doisFatores/iniciar', undefined, session.token);
    const confirmed = await post(t, '/api/usuario/doisFatores/confirmar', { code: totpCode(started.json().data.segredo) }, session.token);
    expect(confirmed.statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: session.cookie } })).statusCode).toBe(401);
  });

  it('confirming without starting is refused', async () => {
    const u = await lojaUser();
    const token = await t.login(u.login, u.password);
    const res = await post(t, '/api/usuario/doisFatores/confirmar', { code: '123456' }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(TWO_FACTOR_MSG.notStarted);
  });
});

describe('logging in', () => {
  it('the password answers a challenge (no token, no cookie); the code opens the session as login does', async () => {
    const u = await lojaUser();
    const { secret } = await enable(t, u);
    const first = await passwordStep(t, u);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 200, msg: 'Informe o código de verificação.', requires_2fa: true, challenge: expect.any(String) });
    expect(refreshCookieOf(first)).toBeUndefined();
    const { challenge } = first.json();
    // the challenge is no access token
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: challenge })).statusCode).toBe(401);

    const code = nextCode(secret);
    const second = await post(t, '/api/login/2fa', { challenge, code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 200, token_type: 'bearer', access_token: expect.any(String), expires_in: expect.any(Number) });
    const cookie = refreshCookieOf(second);
    expect(cookie).toBeTruthy();
    const me = await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: second.json().access_token });
    expect(me.json().data).toMatchObject({ login: u.login, dois_fatores: { ativo: true, configuracao_obrigatoria: false } });
    // the refresh cookie works as after any login
    const refreshed = await t.call({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: cookie! } });
    expect(refreshed.statusCode).toBe(200);

    // the same code does not work twice (replay of an observed code)
    const replay = await post(t, '/api/login/2fa', { challenge: (await passwordStep(t, u)).json().challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toBe(TWO_FACTOR_MSG.codeInvalid);
  });

  it('a recovery code works once, with or without its hyphen', async () => {
    const u = await lojaUser();
    const { codes } = await enable(t, u);
    const challenge = () => passwordStep(t, u).then((r) => r.json().challenge as string);
    const used = await post(t, '/api/login/2fa', { challenge: await challenge(), code: codes[3].toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    const again = await post(t, '/api/login/2fa', { challenge: await challenge(), code: codes[3].replace('-', '') });
    expect(again.statusCode).toBe(401);
    const other = await post(t, '/api/login/2fa', { challenge: await challenge(), code: codes[4].replace('-', '') });
    expect(other.statusCode).toBe(200);
    const token = other.json().access_token as string;
    expect((await t.call({ method: 'GET', url: '/api/usuario/doisFatores', token })).json().data.codigos_restantes).toBe(8);
    const audit = await t.database.db.select({ summary: auditLog.summary }).from(auditLog).where(and(eq(auditLog.action, 'login'), eq(auditLog.entity_id, String(u.id))));
    expect(audit.map((a) => a.summary)).toEqual(expect.arrayContaining([{ segundo_fator: 'recuperacao' }]));
  });

  it('a challenge opens one session: completed again — later, or racing with other codes — it is refused', async () => {
    const u = await lojaUser();
    const { secret, codes } = await enable(t, u);
    const { challenge } = (await passwordStep(t, u)).json();
    const first = await post(t, '/api/login/2fa', { challenge, code: nextCode(secret) });
    expect(first.statusCode, first.body).toBe(200);
    // the same challenge with another valid code (a recovery code): refused, and the code is not used up
    const again = await post(t, '/api/login/2fa', { challenge, code: codes[0] });
    expect(again.statusCode).toBe(401);
    expect(again.json().msg).toBe(TWO_FACTOR_MSG.challengeExpired);
    expect(refreshCookieOf(again)).toBeUndefined();
    const unused = await t.database.db.select().from(usuarioCodigoRecuperacao).where(and(eq(usuarioCodigoRecuperacao.usuario_id, u.id), isNull(usuarioCodigoRecuperacao.usado_em)));
    expect(unused).toHaveLength(10);
    // two completions of one fresh challenge at once, each with its own valid recovery code: one session
    const fresh = (await passwordStep(t, u)).json().challenge as string;
    const racing = await Promise.all([codes[1], codes[2]].map((code) => post(t, '/api/login/2fa', { challenge: fresh, code })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const sessions = await t.database.db.select().from(refreshToken).where(eq(refreshToken.usuario_id, u.id));
    // enable()'s own session (rotated once) plus the two logins above
    expect(new Set(sessions.map((r) => r.family_id)).size).toBe(3);
    const left = await t.database.db.select().from(usuarioCodigoRecuperacao).where(and(eq(usuarioCodigoRecuperacao.usuario_id, u.id), isNull(usuarioCodigoRecuperacao.usado_em)));
    expect(left).toHaveLength(9);
  });

  it('two requests racing with one recovery code open one session', async () => {
    const u = await lojaUser();
    const { codes } = await enable(t, u);
    const challenges = await Promise.all([passwordStep(t, u, '10.9.0.1'), passwordStep(t, u, '10.9.0.2')]);
    const results = await Promise.all(challenges.map((c, i) => post(t, '/api/login/2fa', { challenge: c.json().challenge, code: codes[0] }, undefined, `10.9.0.${i + 1}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('wrong codes are slowed like passwords: per login and IP, and per login from unknown addresses; never a lock', async () => {
    const u = await lojaUser();
    const { secret } = await enable(t, u);
    const ip = '10.8.0.1';
    const challenge = (await passwordStep(t, u, ip)).json().challenge as string;
    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES; i++) statuses.push((await post(t, '/api/login/2fa', { challenge, code: '000000' }, undefined, ip)).statusCode);
    expect(statuses).toEqual(Array(FREE_FAILURES).fill(401));
    // waiting: even the right code is not checked yet — 429 with Retry-After, the same counter as passwords
    const waiting = await post(t, '/api/login/2fa', { challenge, code: nextCode(secret) }, undefined, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().msg).toMatch(/^Muitas tentativas sem sucesso\. Tente novamente em 1 segundo\.$/);
    expect((await passwordStep(t, u, ip)).statusCode).toBe(429);
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity_id, String(u.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['login.2fa_failed', 'login.backoff']));

    // from other unknown addresses: the password step works, the codes count per login too (5 free)
    const elsewhere = await passwordStep(t, u, '10.8.0.2');
    expect(elsewhere.json().requires_2fa).toBe(true);
    expect((await post(t, '/api/login/2fa', { challenge: elsewhere.json().challenge, code: '111111' }, undefined, '10.8.0.2')).statusCode).toBe(401);
    const third = (await passwordStep(t, u, '10.8.0.3')).json().challenge as string;
    expect((await post(t, '/api/login/2fa', { challenge: third, code: '222222' }, undefined, '10.8.0.3')).statusCode).toBe(429);
    const rows = await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.login, u.login.toLowerCase()));
    expect(Object.fromEntries(rows.map((r) => [r.ip, r.failures]))).toMatchObject({ [ip]: FREE_FAILURES, '10.8.0.2': 1, [ANY_IP_2FA]: 5 });

    // the wait is over in a second or two: the right code gets in from the first address
    await new Promise((r) => setTimeout(r, 2100));
    const done = await post(t, '/api/login/2fa', { challenge, code: nextCode(secret) }, undefined, ip);
    expect(done.statusCode, done.body).toBe(200);
  });

  it('a forged, tampered or stale challenge is refused, and a password change voids it', async () => {
    const u = await lojaUser();
    const { secret, token } = await enable(t, u);
    const forged = await post(t, '/api/login/2fa', { challenge: 'eyJ1IjoxfQ.assinatura', code: nextCode(secret) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toBe(TWO_FACTOR_MSG.challengeExpired);
    const { challenge } = (await passwordStep(t, u)).json();
    const [payload, sig] = (challenge as string).split('.');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: 1 })).toString('base64url');
    expect((await post(t, '/api/login/2fa', { challenge: `${tampered}.${sig}`, code: nextCode(secret) })).statusCode).toBe(401);
    const changed = await post(t, `/api/usuario/updatePassword/${u.id}`, { old_password: u.password, password: 'Outra-senha-123' }, token);
    expect(changed.statusCode).toBe(200);
    const stale = await post(t, '/api/login/2fa', { challenge, code: nextCode(secret) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().msg).toBe(TWO_FACTOR_MSG.challengeExpired);
  });
});

describe('turning it off', () => {
  it('needs the password and a code; then the password alone logs in again', async () => {
    const u = await lojaUser();
    const { secret, token } = await enable(t, u);
    const wrongPassword = await post(t, '/api/usuario/doisFatores/desativar', { password: 'errada-123', code: nextCode(secret) }, token);
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors).toEqual({ password: TWO_FACTOR_MSG.passwordWrong });
    const wrongCode = await post(t, '/api/usuario/doisFatores/desativar', { password: u.password, code: '000000' }, token);
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors).toEqual({ code: TWO_FACTOR_MSG.codeInvalid });
    const off = await post(t, '/api/usuario/doisFatores/desativar', { password: u.password, code: nextCode(secret) }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.database.db.select().from(usuarioDoisFatores).where(eq(usuarioDoisFatores.usuario_id, u.id))).toEqual([]);
    expect(await t.database.db.select().from(usuarioCodigoRecuperacao).where(eq(usuarioCodigoRecuperacao.usuario_id, u.id))).toEqual([]);
    expect((await passwordStep(t, u)).json().access_token).toEqual(expect.any(String));
    expect((await post(t, '/api/usuario/doisFatores/desativar', { password: u.password, code: '123456' }, token)).statusCode).toBe(409);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('an administrador without it reaches only the setup calls until it is on, and cannot turn it off', async () => {
    const admin = await createUsuario(strict.database.db, { nivel: '2', empresa_id: null });
    const login = await passwordStep(strict, admin);
    expect(login.statusCode).toBe(200);
    const token = login.json().access_token as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.mfa).toBe('setup-required');

    const me = await strict.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.dois_fatores).toEqual({ ativo: false, configuracao_obrigatoria: true });
    for (const url of ['/api/empresa/getAllPaginate', '/api/auditoria/getAllPaginate', '/api/dashboard/getResumo']) {
      const refused = await strict.call({ method: 'GET', url, token });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ status: 403, msg: TWO_FACTOR_MSG.setupRequired, mfa: 'setup-required' });
    }
    // a token refreshed meanwhile is just as limited
    const refreshed = await strict.call({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: refreshCookieOf(login)! } });
    expect((await strict.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token: refreshed.json().access_token })).statusCode).toBe(403);
    expect((await strict.call({ method: 'GET', url: '/api/usuario/doisFatores', token })).json().data).toMatchObject({ ativo: false, obrigatorio: true });

    const started = await post(strict, '/api/usuario/doisFatores/iniciar', undefined, token);
    const secret = started.json().data.segredo as string;
    const confirmed = await strict.call({ method: 'POST', url: '/api/usuario/doisFatores/confirmar', token, cookies: { bg_refresh: refreshCookieOf(refreshed)! }, payload: { code: totpCode(secret) } });
    expect(confirmed.statusCode).toBe(200);
    // on: the same session, after the refresh every client makes on a 401, reaches everything
    // (turning it on ended every access token, decision 106)
    expect((await strict.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token })).statusCode).toBe(401);
    const renewed = await strict.call({ method: 'POST', url: '/api/login/refresh', cookies: { bg_refresh: refreshCookieOf(refreshed)! } });
    const fresh = renewed.json().access_token as string;
    expect(JSON.parse(Buffer.from(fresh.split('.')[1], 'base64url').toString()).mfa).toBeUndefined();
    expect((await strict.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token: fresh })).statusCode).toBe(200);
    const off = await post(strict, '/api/usuario/doisFatores/desativar', { password: admin.password, code: nextCode(secret) }, fresh);
    expect(off.statusCode).toBe(403);
    expect(off.json().msg).toBe(TWO_FACTOR_MSG.mandatory);
    // and the next login asks for the code
    expect((await passwordStep(strict, admin)).json().requires_2fa).toBe(true);
  });

  it('other levels are not affected; without the setting an administrador logs in with the password alone', async () => {
    const loja = await lojaUser(strict);
    const token = (await passwordStep(strict, loja)).json().access_token as string;
    expect((await strict.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token })).statusCode).toBe(200);
    const admin = await createUsuario(t.database.db, { nivel: '2', empresa_id: null });
    const plain = await passwordStep(t, admin);
    const adminToken = plain.json().access_token as string;
    expect(JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString()).mfa).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/api/auditoria/getAllPaginate', token: adminToken })).statusCode).toBe(200);
  });
});
