import { describe, expect, it } from 'vitest';
import { fileLinkSigner } from './signed-link.js';

describe('signed file links', () => {
  const id = '2f1c7d7e-3c1b-4d8e-9a55-0a1b2c3d4e5f';
  it('verifies its own links until they expire', () => {
    let now = 1_800_000_000_000;
    const signer = fileLinkSigner('secret', 600, () => now);
    const url = new URL(signer.url(id), 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    expect(signer.verify(id, exp, sig)).toBe(true);
    now += 601_000;
    expect(signer.verify(id, exp, sig)).toBe(false);
  });
  it('refuses another file, a changed expiry or another secret', () => {
    const signer = fileLinkSigner('secret', 600);
    const url = new URL(signer.url(id), 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    expect(signer.verify('00000000-0000-0000-0000-000000000000', exp, sig)).toBe(false);
    expect(signer.verify(id, String(Number(exp) + 1000), sig)).toBe(false);
    expect(fileLinkSigner('other', 600).verify(id, exp, sig)).toBe(false);
  });
});
