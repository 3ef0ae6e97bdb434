import { describe, expect, it } from 'vitest';
import { parsePercentRate, percentText } from './percent-rate.js';

describe('percent rates', () => {
  it('keeps decimal percentages as exact fractions of 1', () => {
    expect(parsePercentRate(0.1)).toEqual({ numerator: 1n, denominator: 1000n });
    expect(parsePercentRate('0.10')).toEqual({ numerator: 10n, denominator: 10000n });
    expect(parsePercentRate('2.5')).toEqual({ numerator: 25n, denominator: 1000n });
    expect(parsePercentRate(3)).toEqual({ numerator: 3n, denominator: 100n });
  });

  it('refuses negatives, exponents and non-numbers', () => {
    for (const bad of [-1, '-0.1', 1e-7, '1e2', '', 'x', Number.POSITIVE_INFINITY]) expect(parsePercentRate(bad)).toBeNull();
  });

  it('writes rate · days as exact percentage text', () => {
    expect(percentText(parsePercentRate('0.1')!, 31)).toBe('3.1');
    expect(percentText(parsePercentRate('0.10')!, 30)).toBe('3');
    expect(percentText(parsePercentRate('0.033')!, 365)).toBe('12.045');
    expect(percentText(parsePercentRate('2')!, 0)).toBe('0');
  });
});
