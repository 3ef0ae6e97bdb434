import { describe, expect, it } from 'vitest';
import { bbDate, bbMoney, bbNumeroTituloCliente, bbSeuNumero, bbText, convenioOfNumeroTituloCliente, parseBbDate, parseBbMoney } from './bb-values.js';

describe('BB value formats', () => {
  it('writes dates as dd.mm.aaaa and reads dd.mm.aaaa and dd/mm/aaaa (with a time)', () => {
    expect(bbDate('2026-02-03')).toBe('03.02.2026');
    expect(parseBbDate('03.02.2026')).toBe('2026-02-03');
    expect(parseBbDate('12/06/2025 16:29:30')).toBe('2025-06-12');
    expect(parseBbDate('31.02.2026')).toBeNull();
    expect(parseBbDate('2026-02-03')).toBeNull();
    expect(() => bbDate('2026-02-30')).toThrow(RangeError);
  });

  it('builds the 20-digit numeroTituloCliente: "000" + convênio (7) + sequence (10)', () => {
    const numero = bbNumeroTituloCliente('3128557', 104055);
    expect(numero).toBe('00031285570000104055');
    expect(numero).toHaveLength(20);
    expect(bbNumeroTituloCliente('12345', 1)).toBe('00000123450000000001');
    expect(bbNumeroTituloCliente('3128557', 9_999_999_999)).toBe('00031285579999999999');
    expect(() => bbNumeroTituloCliente('3128557', 10_000_000_000)).toThrow(RangeError);
    expect(() => bbNumeroTituloCliente('3128557', 0)).toThrow(RangeError);
    expect(() => bbNumeroTituloCliente('31285570', 1)).toThrow(RangeError);
    expect(convenioOfNumeroTituloCliente(numero)).toBe('3128557');
  });

  it('turns cents into reais and back without float arithmetic', () => {
    expect(bbMoney(10)).toBe(0.1);
    expect(bbMoney(123456)).toBe(1234.56);
    expect(JSON.stringify({ v: bbMoney(30) })).toBe('{"v":0.3}');
    // JSON.parse gives doubles; the shortest decimal text of each is the amount BB wrote.
    expect(parseBbMoney(JSON.parse('0.3'))).toBe(30);
    expect(parseBbMoney(JSON.parse('102.3'))).toBe(10230);
    expect(parseBbMoney(JSON.parse('1000'))).toBe(100000);
    expect(parseBbMoney(JSON.parse('0.07'))).toBe(7);
    expect(parseBbMoney('19.99')).toBe(1999);
    expect(parseBbMoney(null)).toBeNull();
    // A sum computed in floats is not an amount: refused rather than rounded.
    expect(() => parseBbMoney(0.1 + 0.2)).toThrow(RangeError);
    expect(() => parseBbMoney(10.005)).toThrow(RangeError);
  });

  it('cuts text to BB lengths and keeps seu número within its alphabet', () => {
    expect(bbText('  Rua   das   Flores  ', 60)).toBe('Rua das Flores');
    expect(bbText('a'.repeat(70), 60)).toHaveLength(60);
    expect(bbSeuNumero('21-3/1')).toBe('21-3-1');
    expect(bbSeuNumero('Protocolo São João 123456789')).toBe('PROTOCOLO SAO J');
  });
});
