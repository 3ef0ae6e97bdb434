import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotp, otpauthUrl, totpCode, totpStep } from './totp.js';
import { secretBox } from './secret-box.js';
import { challengeSigner } from './login-challenge.js';

const RFC_KEY = Buffer.from('12345678901234567890');

describe('HOTP/TOTP against the RFC test vectors', () => {
  it('RFC 4226 appendix D: HOTP for counters 0..9', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, i) => hotp(RFC_KEY, i))).toEqual(expected);
  });

  it('RFC 6238 appendix B (SHA-1, 8 digits) and the 6-digit codes apps show', () => {
    const vectors: [number, string][] = [
      [59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'],
      [1234567890, '89005924'], [2000000000, '69279037'], [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) expect(hotp(RFC_KEY, totpStep(t * 1000), 8)).toBe(code);
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1111111109_000)).toBe('081804');
  });

  it('base32 round-trips and secrets carry 160 bits', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Decode(secret.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(base32Decode(secret));
    expect(() => base32Decode('abc1')).toThrow();
  });

  it('accepts one step either side, never a step already used', () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), { nowMs: now })).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), { nowMs: now })).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), { nowMs: now })).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), { nowMs: now })).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), { nowMs: now, afterStep: step })).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), { nowMs: now, afterStep: step })).toBe(step + 1);
    expect(matchTotp(secret, 'abcdef', { nowMs: now })).toBeNull();
  });

  it('otpauth:// URI with the issuer in the label and the parameters', () => {
    const url = otpauthUrl('Boleto Garantido', 'admin', 'JBSWY3DPEHPK3PXP');
    expect(url).toBe('otpauth://totp/Boleto%20Garantido:admin?secret=JBSWY3DPEHPK3PXP&issuer=Boleto%20Garantido&algorithm=SHA1&digits=6&period=30');
  });
});

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, only with the same key and context', () => {
    const box = secretBox('chave-de-teste');
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'usuario:7');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'usuario:7')).not.toBe(sealed); // a random IV each time
    expect(box.open(sealed, 'usuario:7')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'usuario:8')).toBeNull();
    expect(secretBox('outra-chave').open(sealed, 'usuario:7')).toBeNull();
    expect(box.open(sealed.slice(0, -2) + 'AA', 'usuario:7')).toBeNull();
    expect(box.open('lixo', 'usuario:7')).toBeNull();
  });
});

describe('login challenge', () => {
  it('verifies its own, unexpired, untampered challenges only', () => {
    let now = 1_700_000_000_000;
    const signer = challengeSigner('segredo', 300, () => now);
    const token = signer.sign({ id: 5, token_version: 2 });
    expect(signer.verify(token)).toEqual({ usuarioId: 5, tokenVersion: 2, nonce: expect.stringMatching(/^[\w-]{12}$/), expiresAt: new Date(now + 300_000) });
    // each challenge has its own nonce (the one that opened a session is refused afterwards)
    expect(signer.verify(signer.sign({ id: 5, token_version: 2 }))!.nonce).not.toBe(signer.verify(token)!.nonce);
    expect(challengeSigner('outro', 300, () => now).verify(token)).toBeNull();
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 6, tv: 2, exp: now / 1000 + 300, n: 'x' })).toString('base64url');
    expect(signer.verify(`${forged}.${sig}`)).toBeNull();
    expect(signer.verify(`${payload}.${sig}.x`)).toBeNull();
    now += 301_000;
    expect(signer.verify(token)).toBeNull();
  });
});
