import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { TWO_FACTOR_MSG } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { auditLog, loginThrottle, usuarioCodigoRecuperacao, usuarioDoisFatores } from '../../src/db/schema/index.js';
import { ANY_IP_2FA } from '../../src/modules/auth/login-throttle.js';
import { totpCode } from '../../src/modules/auth/totp.js';
import { createTestApp, refreshCookieOf, type TestApp } from '../harness.js';

/**
 * Two-factor sign-in (docs/decisions/095): setup with a QR code and a first code, login in two
 * steps (TOTP or a single-use recovery code), throttling of wrong codes like passwords, turning it
 * off with password + code, and REQUIRE_ADMIN_2FA enforced by the API itself.
 */
const MAX_FAILURES = 4;
let t: TestApp;
let strict: TestApp;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: MAX_FAILURES });
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

/** Turns two-factor sign-in on for a user; answers its secret and recovery codes. */
async function enable(app: TestApp, u: User) {
  const token = await app.login(u.login, u.password);
  const started = await post(app, '/api/usuario/doisFatores/iniciar', undefined, token);
  expect(started.statusCode, started.body).toBe(200);
  const secret = started.json().data.segredo as string;
  const confirmed = await post(app, '/api/usuario/doisFatores/confirmar', { code: totpCode(secret) }, token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, codes: confirmed.json().codigos_recuperacao as string[], token };
}

describe('turning it on', () => {
  it('answers the secret and a QR code of the otpauth:// URI once, and enables it with the first code', async () => {
    const u = await lojaUser();
    const token = await t.login(u.login, u.password);
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

    const confirmed = await post(t, '/api/usuario/doisFatores/confirmar', { code: totpCode(segredo) }, token);
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().codigos_recuperacao as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.database.db.select().from(usuarioCodigoRecuperacao).where(eq(usuarioCodigoRecuperacao.usuario_id, u.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(s.codigo_hash).toMatch(/^\$argon2id\$/);

    const after = (await t.call({ method: 'GET', url: '/api/usuario/doisFatores', token })).json().data;
    expect(after).toMatchObject({ ativo: true, codigos_restantes: 10, obrigatorio: false });
    expect((await t.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).json().data.dois_fatores).toEqual({ ativo: true, configuracao_obrigatoria: false });
    // the secret is never answered again
    const again = await post(t, '/api/usuario/doisFatores/iniciar', undefined, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(TWO_FACTOR_MSG.alreadyOn);
    const audited = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'usuario'), eq(auditLog.entity_id, String(u.id))));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['dois_fatores.iniciar', 'dois_fatores.ativar']));
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

  it('two requests racing with one recovery code open one session', async () => {
    const u = await lojaUser();
    const { codes } = await enable(t, u);
    const challenges = await Promise.all([passwordStep(t, u, '10.9.0.1'), passwordStep(t, u, '10.9.0.2')]);
    const results = await Promise.all(challenges.map((c, i) => post(t, '/api/login/2fa', { challenge: c.json().challenge, code: codes[0] }, undefined, `10.9.0.${i + 1}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('wrong codes are throttled like passwords: per login and IP, and per login from any IP', async () => {
    const u = await lojaUser();
    const { secret } = await enable(t, u);
    const ip = '10.8.0.1';
    const challenge = (await passwordStep(t, u, ip)).json().challenge as string;
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES; i++) statuses.push((await post(t, '/api/login/2fa', { challenge, code: '000000' }, undefined, ip)).statusCode);
    expect(statuses).toEqual(Array(MAX_FAILURES).fill(401));
    // locked: even the right code is refused now, with the lock message
    const locked = await post(t, '/api/login/2fa', { challenge, code: nextCode(secret) }, undefined, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/Muitas tentativas sem sucesso/);
    expect((await passwordStep(t, u, ip)).statusCode).toBe(429);
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity_id, String(u.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['login.2fa_failed', 'login.locked']));

    // from another address: the password step works (nobody locks the real user out of it), but
    // the codes of this login are locked from every address once MAX_FAILURES were wrong anywhere
    const elsewhere = await passwordStep(t, u, '10.8.0.2');
    expect(elsewhere.json().requires_2fa).toBe(true);
    const refused = await post(t, '/api/login/2fa', { challenge: elsewhere.json().challenge, code: nextCode(secret) }, undefined, '10.8.0.2');
    expect(refused.statusCode).toBe(429);
    const rows = await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.login, u.login.toLowerCase()));
    expect(rows.map((r) => r.ip).sort()).toEqual([ip, ANY_IP_2FA].sort());
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
    expect((await post(strict, '/api/usuario/doisFatores/confirmar', { code: totpCode(secret) }, token)).statusCode).toBe(200);
    // on: the same session now reaches everything
    expect((await strict.call({ method: 'GET', url: '/api/empresa/getAllPaginate', token })).statusCode).toBe(200);
    const off = await post(strict, '/api/usuario/doisFatores/desativar', { password: admin.password, code: nextCode(secret) }, token);
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
