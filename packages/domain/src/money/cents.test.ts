import { describe, expect, it } from 'vitest';
import { centsToDecimalText, fromCents, percentOf, roundHalfUp, splitEvenly, toCents } from './cents.js';
import { formatBRL } from './format-brl.js';

describe('money in centavos', () => {
  it('parses decimal text and numbers without float error', () => {
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('1234,56')).toBe(123456);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(1.15)).toBe(115);
    expect(toCents('-0.07')).toBe(-7);
    expect(() => toCents('1.234')).toThrow();
    expect(() => toCents('abc')).toThrow();
  });
  it('writes numeric literals and JSON numbers', () => {
    expect(centsToDecimalText(5)).toBe('0.05');
    expect(centsToDecimalText(-123456)).toBe('-1234.56');
    expect(fromCents(123450)).toBe(1234.5);
  });
  it('rounds half up once', () => {
    expect(roundHalfUp(5n, 10n)).toBe(1);
    expect(roundHalfUp(4n, 10n)).toBe(0);
    expect(roundHalfUp(-5n, 10n)).toBe(-1);
    // 0.33% of R$ 100,00 for 3 days = 0.99
    expect(percentOf(10000, '0.33', 3)).toBe(99);
    // 2% of R$ 10,25 = 0.205 → 0.21
    expect(percentOf(1025, 2)).toBe(21);
  });
  it('splits so the parts add to the total', () => {
    expect(splitEvenly(1000, 3)).toEqual([333, 333, 334]);
    expect(splitEvenly(1000, 3).reduce((a, b) => a + b)).toBe(1000);
  });
  it('formats as R$ with pt-BR separators', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(5)).toBe('R$ 0,05');
    expect(formatBRL(100000000)).toBe('R$ 1.000.000,00');
    expect(formatBRL(-150)).toBe('-R$ 1,50');
  });
});
