/**
 * Security headers on every kind of answer, request size limits, the login throttle and what the
 * request log keeps of a URL (docs/security.md; ASVS V3, V4, V13, V16). The fuzz and the matrix
 * check the headers on every answer they get; this file checks their values.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDefinition } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { redactUrl } from '../../src/http/log-redaction.js';
import { createSecurityApp, type SecurityApp } from './support.js';
import { PNG, multipartBody } from './fixtures.js';

let s: SecurityApp;
let https: SecurityApp;
/** Small numbers, so a test reaches the waits quickly and sits one out for real (decision 106). */
const LIMITS = { freeFailures: 3, accountFreeFailures: 5, maxBackoffSeconds: 2 };
let admin: string;
let usuario: { token: string; empresaId: number };
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-web-'));

const login = async (app: SecurityApp, user: { login: string; password: string }) =>
  (await app.call({ method: 'POST', url: '/api/login', payload: { username: user.login, password: user.password } })).json().access_token as string;

beforeAll(async () => {
  // a built web app of our own, so the SPA's answers are checked whether or not apps/web/dist exists
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  s = await createSecurityApp({ webDist, loginLimits: LIMITS });
  const adm = await createUsuario(s.database.db, { nivel: '2', empresa_id: null });
  admin = await login(s, adm);
  const emp = await createEmpresa(s.database.db);
  const u = await createUsuario(s.database.db, { nivel: '1', empresa_id: emp.id });
  usuario = { token: await login(s, u), empresaId: emp.id };
  // behind one TLS-terminating proxy (TRUST_PROXY=1): X-Forwarded-Proto tells the request came over
  // HTTPS, and the client address is the one that proxy saw (the right-most X-Forwarded-For entry)
  https = await createSecurityApp({ webDist, trustProxy: 1, loginLimits: LIMITS });
}, 120_000);
afterAll(async () => {
  await s?.close();
  await https?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v.join(' ')]),
  );

function expectBaseline(res: { headers: Record<string, unknown> }) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['content-security-policy']).toBeTruthy();
}

describe('security headers', () => {
  it('the web app: scripts and styles from our origin only, inline styles for Mantine, never framed', async () => {
    for (const url of ['/', '/operacao/garantias/nova', '/assinatura/abc']) {
      const res = await s.call({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expectBaseline(res);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toBe("'self'");
      expect(csp['script-src']).toBe("'self'");
      expect(csp['style-src']).toBe("'self' 'unsafe-inline'");
      expect(csp['img-src']).toBe("'self' data: blob:");
      expect(csp['frame-src']).toBe("'self' blob:");
      expect(csp['object-src']).toBe("'none'");
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(csp['base-uri']).toBe("'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await s.call({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expectBaseline(asset);
    expect(asset.headers['cache-control']).not.toBe('no-store');
  });

  it('every /api answer: no-store, a restrictive policy, never framed; errors and 404s too', async () => {
    const answers = [
      await s.call({ method: 'GET', url: '/api/health' }),
      await s.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: usuario.token }),
      await s.call({ method: 'GET', url: '/api/usuario/getUserCurrent' }),
      await s.call({ method: 'GET', url: '/api/nao-existe' }),
      await s.call({ method: 'GET', url: '/api/empresa/getById/%zz', token: admin }),
      await s.call({ method: 'POST', url: '/api/login', payload: '{"broken":', headers: { 'content-type': 'application/json' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400, 400]);
    for (const res of answers) {
      expectBaseline(res);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(directives(res.headers['content-security-policy'])).toMatchObject({ 'default-src': "'none'", 'frame-ancestors': "'none'" });
      expect(res.headers['x-frame-options']).toBe('DENY');
      if (res.statusCode >= 400) expect(res.json()).toMatchObject({ status: res.statusCode, msg: expect.any(String) });
    }
  });

  it('PDFs may be framed by our own pages only (the signing page shows the duplicatas)', async () => {
    const res = await s.call({ method: 'GET', url: `/api/relatorio/getFechamentoPdf?mes=1&ano=2024&empresa_id=${usuario.empresaId}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expectBaseline(res);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toBe("'self'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the API description may be cached and uses the web policy', async () => {
    const res = await s.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expectBaseline(res);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });

  it('HSTS only on answers that came over HTTPS', async () => {
    expect((await s.call({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    // without TRUST_PROXY a forged X-Forwarded-Proto changes nothing
    expect((await s.call({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    const res = await https.call({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('request size limits', () => {
  const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');

  it("every route's body limit is its contract's, or the 2 MB server default", () => {
    const wrong = s.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && r.config?.contract)
      .filter((r) => (r.bodyLimit ?? 2 * 1024 * 1024) !== ((r.config!.contract as ContractDefinition).bodyLimit ?? 2 * 1024 * 1024))
      .map((r) => `${methodsOf(r).join('|')} ${r.url}`);
    expect(wrong).toEqual([]);
    expect(s.app.initialConfig.bodyLimit).toBe(2 * 1024 * 1024);
  });

  it('a 3 MB JSON body answers 413 { status, msg }, and nothing is parsed for somebody not logged in', async () => {
    const big = JSON.stringify({ cpf_cnpj: '52998224725', motivo: 'x'.repeat(3 * 1024 * 1024) });
    const asAdmin = await s.call({ method: 'POST', url: '/api/cpfSuspeito/create', token: admin, payload: big, headers: { 'content-type': 'application/json' } });
    expect(asAdmin.statusCode).toBe(413);
    expect(asAdmin.json()).toEqual({ status: 413, msg: 'Arquivo ou requisição maior que o permitido.' });
    const publicRoute = await s.call({ method: 'POST', url: '/api/login', payload: big, headers: { 'content-type': 'application/json' } });
    expect(publicRoute.statusCode).toBe(413);
    expect(publicRoute.json()).toMatchObject({ status: 413 });
    // authentication runs before the body is read: a stranger's 3 MB get 401, not a parse
    const anonymous = await s.call({ method: 'POST', url: '/api/cpfSuspeito/create', payload: big, headers: { 'content-type': 'application/json' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an upload over the multipart limits is refused with { status, msg }', async () => {
    const files = Array.from({ length: 13 }, (_, i) => ({ name: `d${i}.png`, data: PNG, type: 'image/png' }));
    const body = multipartBody({ pessoa_id: '1' }, files);
    const res = await s.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: usuario.token, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ status: res.statusCode, msg: expect.any(String) });
  });
});

describe('login limits (decision 106): slow an attacker down, never lock a user out', () => {
  type Attempt = { status: number; retryAfter: number | null; msg: string };
  const newUser = async (app: SecurityApp) => createUsuario(app.database.db, { nivel: '1', empresa_id: (await createEmpresa(app.database.db)).id });
  const attemptOn = async (app: SecurityApp, login: string, password: string, opts: { ip?: string; xff?: string } = {}): Promise<Attempt> => {
    const res = await app.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: login, password },
      remoteAddress: opts.ip ?? '127.0.0.1',
      ...(opts.xff ? { headers: { 'x-forwarded-for': opts.xff } } : {}),
    });
    const retry = res.headers['retry-after'];
    return { status: res.statusCode, retryAfter: retry === undefined ? null : Number(retry), msg: res.json().msg as string };
  };
  const sleepSeconds = (n: number) => new Promise((r) => setTimeout(r, n * 1000 + 150));
  /** The rows of a login's counters: key (address or per-login key) → failures. */
  const counters = async (app: SecurityApp, login: string) => {
    const { rows } = await app.database.executeSql('SELECT ip, failures FROM login_throttle WHERE login = $1 ORDER BY ip', [login.toLowerCase()]);
    return Object.fromEntries((rows as { ip: string; failures: number }[]).map((r) => [r.ip, Number(r.failures)]));
  };

  it('TRUST_PROXY=1: the counted address is the one the proxy saw; a spoofed X-Forwarded-For changes nothing', async () => {
    const u = await newUser(https);
    // the proxy (127.0.0.1) appends the address it saw; the client wrote whatever it liked before it
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attemptOn(https, u.login, 'errada', { xff: `203.0.113.${i + 1}, 198.51.100.7` })).status);
    // rotating the spoofed entry did not make new addresses: after 3 failures the address waits
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    expect(Object.keys(await counters(https, u.login))).toEqual(['198.51.100.7', 'senha:qualquer-ip']);
    const audited = await https.database.executeSql("SELECT DISTINCT ip FROM audit_log WHERE action IN ('login.failed', 'login.backoff') AND summary->>'login' = $1", [u.login.toLowerCase()]);
    expect(audited.rows).toEqual([{ ip: '198.51.100.7' }]);
    // another client behind the same proxy is another address: not slowed by the first one's failures
    expect((await attemptOn(https, u.login, u.password, { xff: '198.51.100.7, 198.51.100.8' })).status).toBe(200);
    // and without the proxy's hop the header is nobody's business: the socket address counts
    expect((await attemptOn(s, u.login, 'errada', { ip: '10.4.0.1', xff: '198.51.100.8' })).status).toBe(401);
    expect(Object.keys(await counters(s, u.login))).toEqual(['10.4.0.1', 'senha:qualquer-ip']);
  });

  it('rotating addresses are slowed by the per-login counter: 30 guesses from 30 addresses get 5 or 6 checked', async () => {
    const u = await newUser(s);
    const answers: Attempt[] = [];
    for (let i = 0; i < 30; i++) answers.push(await attemptOn(s, u.login, `errada-${i}`, { ip: `10.5.${i}.1` }));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(6);
    const waiting = answers.filter((a) => a.status === 429);
    expect(waiting.length).toBe(30 - checked);
    for (const a of waiting) {
      expect(a.retryAfter).toBeGreaterThanOrEqual(1);
      expect(a.retryAfter).toBeLessThanOrEqual(LIMITS.maxBackoffSeconds);
      expect(a.msg).toMatch(/^Muitas tentativas sem sucesso\. Tente novamente em \d+ segundos?\.$/);
    }
    // the right password from yet another address waits like a guess — and is checked once the wait is over
    const slowed = await attemptOn(s, u.login, u.password, { ip: '10.5.99.1' });
    if (slowed.status === 429) await sleepSeconds(slowed.retryAfter!);
    expect((await attemptOn(s, u.login, u.password, { ip: '10.5.99.1' })).status).toBe(200);
  });

  it("10 failures with a victim's address do not lock the victim out: the right password gets in after at most the wait", async () => {
    const u = await newUser(s);
    const victim = '10.6.0.1';
    const attacker = await Promise.all(Array.from({ length: 10 }, () => attemptOn(s, u.login, 'errada', { ip: victim })));
    // racing guesses are serialised by the counter: only the free ones were checked
    expect(attacker.filter((a) => a.status === 401).length).toBe(LIMITS.freeFailures);
    const first = await attemptOn(s, u.login, u.password, { ip: victim });
    expect(first.status).toBe(429);
    expect(first.retryAfter).toBeLessThanOrEqual(LIMITS.maxBackoffSeconds);
    await sleepSeconds(first.retryAfter!);
    expect((await attemptOn(s, u.login, u.password, { ip: victim })).status).toBe(200);
  });

  it('an address the user signed in from is not slowed by failures made elsewhere', async () => {
    const u = await newUser(s);
    const office = '10.7.0.1';
    expect((await attemptOn(s, u.login, u.password, { ip: office })).status).toBe(200);
    // a distributed guesser makes the login wait for every unknown address…
    for (let i = 0; i < 8; i++) await attemptOn(s, u.login, 'errada', { ip: `10.7.${i + 1}.9` });
    expect((await attemptOn(s, u.login, u.password, { ip: '10.7.50.9' })).status).toBe(429);
    // …but the office signs in at once, and the failures of the address are its own
    expect((await attemptOn(s, u.login, u.password, { ip: office })).status).toBe(200);
    expect(await counters(s, u.login)).toMatchObject({ [office]: 0 });
    const audits = await s.database.executeSql("SELECT action FROM audit_log WHERE summary->>'login' = $1 AND action = 'login.backoff'", [u.login.toLowerCase()]);
    expect(audits.rows.length).toBeGreaterThanOrEqual(1);
  });
});

describe('access tokens (ASVS V9)', () => {
  it('accepts HS256 signed with our secret only: alg none, another HMAC, a forged signature, expired or stale tokens get 401', async () => {
    const me = (await s.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: admin })).json().data as { id: number };
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(me.id), tv: 0, iat: now, exp: now + 600 };
    const signed = (alg: string, hash: string, secret: string, c: object = claims) => {
      const head = `${b64({ alg, typ: 'JWT' })}.${b64(c)}`;
      return `${head}.${createHmac(hash, secret).update(head).digest('base64url')}`;
    };
    const asToken = async (token: string) => (await s.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token })).statusCode;
    // the control: the same claims as HS256 with the right secret are a valid token
    expect(await asToken(signed('HS256', 'sha256', 'test-secret'))).toBe(200);
    expect(await asToken(signed('HS384', 'sha384', 'test-secret'))).toBe(401);
    expect(await asToken(signed('HS512', 'sha512', 'test-secret'))).toBe(401);
    expect(await asToken(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toBe(401);
    expect(await asToken(signed('HS256', 'sha256', 'another-secret'))).toBe(401);
    expect(await asToken(signed('HS256', 'sha256', 'test-secret', { ...claims, exp: now - 1 }))).toBe(401);
    expect(await asToken(signed('HS256', 'sha256', 'test-secret', { ...claims, tv: 1 }))).toBe(401);
  });

  it('refuses a token signed with our secret that lacks a claim we require, above all exp (decision 106)', async () => {
    const me = (await s.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token: admin })).json().data as { id: number };
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(me.id), tv: 0, iat: now, exp: now + 600 };
    // signed by hand: our signer would add the iat we want to leave out
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const asToken = async (c: object) => {
      const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(c)}`;
      const token = `${head}.${createHmac('sha256', 'test-secret').update(head).digest('base64url')}`;
      const res = await s.call({ method: 'GET', url: '/api/usuario/getUserCurrent', token });
      return [res.statusCode, res.json().msg];
    };
    expect(await asToken(claims)).toEqual([200, 'ok']);
    const { exp: _exp, ...withoutExp } = claims;
    const { iat: _iat, ...withoutIat } = claims;
    const { sub: _sub, ...withoutSub } = claims;
    const { tv: _tv, ...withoutTv } = claims;
    for (const bad of [
      withoutExp,
      withoutIat,
      withoutSub,
      withoutTv,
      { ...claims, exp: String(now + 600) },
      { ...claims, sub: me.id },
      { ...claims, sub: `${me.id}abc` },
      { ...claims, tv: '0' },
      { ...claims, tv: -1 },
      { ...claims, mfa: 'outro' },
    ]) {
      expect(await asToken(bad), JSON.stringify(bad)).toEqual([401, 'Sessão expirada. Entre novamente.']);
    }
  });
});

describe('request log', () => {
  it('keeps neither query strings nor the public tokens of a URL', () => {
    expect(redactUrl('/api/pessoa/getAllPaginate?pesquisa=52998224725')).toBe('/api/pessoa/getAllPaginate?***');
    expect(redactUrl('/api/arquivo/3f0e?exp=1&sig=abc')).toBe('/api/arquivo/3f0e?***');
    expect(redactUrl('/api/assinatura/AbC_token-123/documento')).toBe('/api/assinatura/***/documento');
    expect(redactUrl('/api/assinatura/AbC_token-123')).toBe('/api/assinatura/***');
    expect(redactUrl('/api/assinatura/getByGarantia/12')).toBe('/api/assinatura/getByGarantia/12');
    expect(redactUrl('/api/boleto/getComprovante/tok3n?formato=pdf')).toBe('/api/boleto/getComprovante/***?***');
    expect(redactUrl('/api/garantia/getById/7')).toBe('/api/garantia/getById/7');
  });
});
