import { describe, expect, it } from 'vitest';
import { buildPixBrCode, formatPixAmount } from './br-code.js';
import { crc16ccitt } from './crc16.js';
import { PixError } from './pix-error.js';

/** Example payload of the Banco Central BR Code manual (static, no amount, txid "***"). */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** Splits EMV TLV text into { id: value } (one level). */
function tlv(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < payload.length; ) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out[id] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}

describe('crc16ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('verifies the BCB manual example (CRC over everything up to and including "6304")', () => {
    expect(crc16ccitt(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(crc16ccitt(BCB_EXAMPLE.slice(0, -8))).not.toBe('1D3D');
  });

  it('pads to 4 uppercase hex digits', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    for (const s of ['a', 'abc', 'Pix', '000201']) expect(crc16ccitt(s)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('buildPixBrCode', () => {
  it('reproduces the BCB manual example exactly', () => {
    expect(buildPixBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(
      BCB_EXAMPLE,
    );
  });

  it('writes amount, txid, and cleaned name/city with a valid CRC', () => {
    const payload = buildPixBrCode({
      key: '+5511999998888',
      name: 'Padaria São João da Esquina do Centro',
      city: 'São José dos Campos',
      amountCents: 123456,
      txid: 'BOLETO000123',
    });
    const f = tlv(payload);
    expect(f['54']).toBe('1234.56');
    expect(f['59']).toBe('Padaria Sao Joao da Esqui'); // 25
    expect(f['60']).toBe('Sao Jose dos Ca'); // 15
    expect(tlv(f['26'])).toEqual({ '00': 'br.gov.bcb.pix', '01': '+5511999998888' });
    expect(tlv(f['62'])).toEqual({ '05': 'BOLETO000123' });
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16ccitt(payload.slice(0, -4)));
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
  });

  it('builds a dynamic payload with the PSP location and single-use flag', () => {
    const payload = buildPixBrCode({ url: 'pix.example.com/qr/v2/9d36b84f', name: 'Loja', city: 'Recife', singleUse: true });
    const f = tlv(payload);
    expect(f['01']).toBe('12');
    expect(tlv(f['26'])).toEqual({ '00': 'br.gov.bcb.pix', '25': 'pix.example.com/qr/v2/9d36b84f' });
  });

  it('formats centavos without float arithmetic', () => {
    expect(formatPixAmount(1)).toBe('0.01');
    expect(formatPixAmount(10)).toBe('0.10');
    expect(formatPixAmount(100)).toBe('1.00');
    expect(formatPixAmount(123456789012)).toBe('1234567890.12');
  });

  it('rejects bad amounts, txids, keys and empty names', () => {
    const base = { key: 'a@b.com', name: 'Loja', city: 'Recife' };
    for (const amountCents of [0, -1, 1.5, 1_000_000_000_000]) {
      expect(() => buildPixBrCode({ ...base, amountCents })).toThrow(PixError);
    }
    expect(() => buildPixBrCode({ ...base, txid: 'com espaço' })).toThrow(/txid/);
    expect(() => buildPixBrCode({ ...base, txid: 'A'.repeat(26) })).toThrow(/txid/);
    expect(() => buildPixBrCode({ ...base, key: 'x'.repeat(78) })).toThrow(PixError);
    expect(() => buildPixBrCode({ ...base, key: undefined })).toThrow(PixError);
    expect(() => buildPixBrCode({ ...base, url: 'pix.example.com/x' })).toThrow(/não ambos/);
    expect(() => buildPixBrCode({ ...base, name: '  ' })).toThrow(/Nome/);
  });
});
