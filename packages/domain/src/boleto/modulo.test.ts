import { describe, expect, it } from 'vitest';
import { modulo10, modulo11BancoDoBrasil, modulo11Barcode, modulo11Caixa, modulo11Sum } from './modulo.js';

describe('modulo10 (linha digitável fields)', () => {
  it('adds the digits of two-digit products and maps a multiple of 10 to 0', () => {
    // 9×2 = 18 → 1+8 = 9, plus 1×1 = 10 → DV 0 (not 10)
    expect(modulo10('19')).toBe(0);
    expect(modulo10('0')).toBe(0);
    // 7×2 = 14 → 5 → DV 5 (a naive sum of products would give 14 → DV 6)
    expect(modulo10('7')).toBe(5);
  });

  it('matches the field DVs printed in the fixture linha "00190.00009 01149.718601 68524.522114"', () => {
    expect(modulo10('001900000')).toBe(9);
    expect(modulo10('0114971860')).toBe(1);
    expect(modulo10('6852452211')).toBe(4);
  });

  it('rejects non-digits instead of summing NaN', () => {
    expect(() => modulo10('12a')).toThrow();
  });
});

describe('modulo11 sum', () => {
  it('restarts the weights at 2 after 9', () => {
    // nine 1s: weights 2..9 then 2 again → 44 + 2 = 46
    expect(modulo11Sum('111111111')).toBe(46);
  });
});

describe('modulo11Barcode (general DV, never 0)', () => {
  it('maps a result of 11 (sum multiple of 11) to 1', () => {
    expect(modulo11Sum('0')).toBe(0);
    expect(modulo11Barcode('0')).toBe(1);
  });

  it('maps a result of 10 (sum ≡ 1 mod 11) to 1', () => {
    expect(modulo11Sum('6') % 11).toBe(1); // 12
    expect(modulo11Barcode('6')).toBe(1);
  });

  it('keeps 2..9 as they are', () => {
    expect(modulo11Sum('5') % 11).toBe(10); // 11 − 10 = 1 is a real 1, not a mapped one
    expect(modulo11Barcode('5')).toBe(1);
    expect(modulo11Barcode('1')).toBe(9); // 11 − 2
  });

  it('reproduces the DV of a real barcode (position 5 skipped)', () => {
    const barcode = '00196758600001026560000001149718606852452211';
    expect(modulo11Barcode(barcode.slice(0, 4) + barcode.slice(5))).toBe(6);
  });
});

describe('modulo11Caixa (results above 9 become 0)', () => {
  it('maps 10 and 11 to 0, unlike the general DV', () => {
    expect(modulo11Caixa('0')).toBe(0); // result 11
    expect(modulo11Caixa('6')).toBe(0); // result 10
    expect(modulo11Caixa('1')).toBe(9);
  });

  it('matches the Caixa nosso número and beneficiário DVs of the fixture', () => {
    expect(modulo11Caixa('14000000000000006')).toBe(5);
    expect(modulo11Caixa('14000000000000009')).toBe(0);
    expect(modulo11Caixa('123456')).toBe(0);
  });
});

describe('modulo11BancoDoBrasil (10 → X, 11 → 0)', () => {
  it('prints X for 10', () => {
    // BB agência 4881-X is the usual worked example of the X rule
    expect(modulo11BancoDoBrasil('4881')).toBe('X');
    expect(modulo11BancoDoBrasil('4870')).toBe('4');
  });

  it('prints 0 for 11', () => {
    expect(modulo11BancoDoBrasil('0')).toBe('0');
  });

  it('agrees with public BB vectors (brcobranca spec, same BB mod-11 routine)', () => {
    expect(modulo11BancoDoBrasil('05009401448')).toBe('1');
    expect(modulo11BancoDoBrasil('85068014982')).toBe('9');
    expect(modulo11BancoDoBrasil('12387987777700168')).toBe('2');
    expect(modulo11BancoDoBrasil('4042')).toBe('8');
    expect(modulo11BancoDoBrasil('0719')).toBe('6');
  });
});
