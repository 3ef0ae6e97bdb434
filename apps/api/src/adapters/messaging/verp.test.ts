import { describe, expect, it } from 'vitest';
import { verpSigner } from './verp.js';

describe('verpSigner', () => {
  const verp = verpSigner('segredo-de-teste', 'Bounces.BG.test');

  it('names the message in a signed address on the bounce domain, read back case-insensitively', () => {
    const address = verp.address(123);
    expect(address).toMatch(/^bounces\+123\.[0-9a-f]{20}@bounces\.bg\.test$/);
    expect(verp.read(address)).toBe(123);
    expect(verp.read(address.toUpperCase())).toBe(123);
  });

  it('refuses another id with this signature, another secret, another domain, no signature, junk', () => {
    const address = verp.address(123);
    const mac = /\.([0-9a-f]{20})@/.exec(address)![1];
    expect(verp.read(`bounces+124.${mac}@bounces.bg.test`)).toBeNull();
    expect(verpSigner('outro', 'bounces.bg.test').read(address)).toBeNull();
    expect(verp.read(address.replace('bounces.bg.test', 'bg.test'))).toBeNull();
    expect(verp.read('bounces+123@bounces.bg.test')).toBeNull();
    expect(verp.read(`bounces+0123.${mac}@bounces.bg.test`)).toBeNull();
    expect(verp.read(`bounces+99999999999.${mac}@bounces.bg.test`)).toBeNull();
    expect(verp.read('')).toBeNull();
    expect(verp.read('\u0000@@')).toBeNull();
  });
});
