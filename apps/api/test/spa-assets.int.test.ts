import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

// How the built web app is served (http/spa.ts): precompressed assets, cache headers, fallbacks.
let t: TestApp;
let webDist: string;
const loginHtml = `<!doctype html><div id="root"><div data-login-shell="">${'Acesse sua conta '.repeat(80)}</div></div>`;
const js = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-spa-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'login.html'), loginHtml);
  fs.writeFileSync(path.join(webDist, 'login.html.br'), zlib.brotliCompressSync(loginHtml));
  fs.writeFileSync(path.join(webDist, 'login.html.gz'), zlib.gzipSync(loginHtml));
  const asset = path.join(webDist, 'assets', 'index-AbC123.js');
  fs.writeFileSync(asset, js);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(js));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(js));
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('web app assets', () => {
  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip when brotli is not accepted, and the plain file to anyone else', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html, never cached, for the app routes', async () => {
    for (const url of ['/', '/operacao/garantias', '/index.html', '/login/outra', '/dashboard?login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).not.toContain('data-login-shell');
    }
  });

  it('answers /login with the page that has the login screen drawn in it, compressed as accepted', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fdashboard', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(loginHtml);
    const gz = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(loginHtml);
    const plain = await t.app.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(loginHtml);
  });

  it('a chunk that is not there (an older build) is a 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/PessoasPage-OLD123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});

describe('a build without login.html', () => {
  let older: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-spa-old-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    older = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await older.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /login with index.html, like any route of the app', async () => {
    const res = await older.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><div id="root"></div>');
  });
});
