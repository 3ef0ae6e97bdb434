import { describe, expect, it } from 'vitest';
import { esperaAposFalha } from './entregar-job.js';
import { checkWebhookUrl, isPrivateAddress } from './webhook-url.js';

describe('webhook URLs (SSRF)', () => {
  it('accepts https on public names and addresses', () => {
    expect(checkWebhookUrl('https://erp.loja.com.br/webhooks/bg', false)).toBeNull();
    expect(checkWebhookUrl('https://8.8.8.8/x', false)).toBeNull();
  });
  it('refuses http except to localhost, and only when private addresses are allowed', () => {
    expect(checkWebhookUrl('http://erp.loja.com.br/x', true)).toMatch(/https/);
    expect(checkWebhookUrl('http://127.0.0.1:3000/x', true)).toBeNull();
    expect(checkWebhookUrl('http://localhost:3000/x', true)).toBeNull();
    expect(checkWebhookUrl('http://localhost:3000/x', false)).toMatch(/privada/);
  });
  it('refuses private, loopback, link-local and mapped addresses without the flag', () => {
    for (const u of ['https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://172.20.0.1/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[fd00::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://0.0.0.0/x', 'https://app.localhost/x']) {
      expect(checkWebhookUrl(u, false), u).toMatch(/privada/);
      expect(checkWebhookUrl(u, true), u).toBeNull();
    }
  });
  it('refuses credentials in the URL and other schemes', () => {
    expect(checkWebhookUrl('https://user:pw@erp.loja.com.br/x', true)).toMatch(/usuário ou senha/);
    expect(checkWebhookUrl('ftp://erp.loja.com.br/x', true)).not.toBeNull();
    expect(checkWebhookUrl('não é url', true)).not.toBeNull();
  });
  it('tells private addresses from public ones', () => {
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('100.64.1.1')).toBe(true);
    expect(isPrivateAddress('200.160.2.3')).toBe(false);
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
  });
});

describe('backoff after a failed delivery', () => {
  it('doubles from the base up to 3 h and spreads about 14 attempts over 24 h', () => {
    expect([1, 2, 3, 4].map((n) => esperaAposFalha(30, n))).toEqual([30, 60, 120, 240]);
    expect(esperaAposFalha(30, 20)).toBe(3 * 3600);
    let total = 0;
    let n = 0;
    while (total < 24 * 3600) total += esperaAposFalha(30, ++n);
    expect(n).toBeGreaterThanOrEqual(12);
    expect(n).toBeLessThanOrEqual(16);
  });
});
