import { describe, expect, it } from 'vitest';
import { valorPorExtenso } from './valor-extenso.js';

describe('valorPorExtenso', () => {
  it.each([
    [0, 'zero reais'],
    [1, 'um centavo'],
    [100, 'um real'],
    [10000, 'cem reais'],
    [10100, 'cento e um reais'],
    [25000, 'duzentos e cinquenta reais'],
    [123456, 'mil, duzentos e trinta e quatro reais e cinquenta e seis centavos'],
    [200000, 'dois mil reais'],
    [2010000, 'vinte mil e cem reais'],
    [100000000, 'um milhão de reais'],
    [150000015, 'um milhão, quinhentos mil reais e quinze centavos'],
  ])('%i → %s', (cents, text) => expect(valorPorExtenso(cents)).toBe(text));
  it('refuses negative and fractional values', () => {
    expect(() => valorPorExtenso(-1)).toThrow();
    expect(() => valorPorExtenso(1.5)).toThrow();
  });
});
