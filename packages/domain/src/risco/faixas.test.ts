import { describe, expect, it } from 'vitest';
import { faixaDeAtraso, faixaDescricao, provisaoCentavos } from './faixas.js';

describe('faixas de risco (Res. CMN 2.682)', () => {
  it.each([
    [-5, 'AA'], [0, 'AA'], [1, 'A'], [14, 'A'], [15, 'B'], [30, 'B'], [31, 'C'], [60, 'C'], [61, 'D'], [90, 'D'],
    [91, 'E'], [120, 'E'], [121, 'F'], [150, 'F'], [151, 'G'], [180, 'G'], [181, 'H'], [4000, 'H'],
  ])('%i dias → %s', (dias, faixa) => expect(faixaDeAtraso(dias)).toBe(faixa));

  it('describes the buckets', () => {
    expect(faixaDescricao('AA')).toBe('em dia');
    expect(faixaDescricao('B')).toBe('15–30 dias');
    expect(faixaDescricao('H')).toBe('mais de 180 dias');
  });

  it('rounds provisions half up in centavos', () => {
    expect(provisaoCentavos(100_00, 0.5)).toBe(50); // R$ 100,00 × 0,5 % = R$ 0,50
    expect(provisaoCentavos(333, 0.5)).toBe(2); // 1,665 → 2
    expect(provisaoCentavos(329, 0.5)).toBe(2); // 1,645 → 2
    expect(provisaoCentavos(299, 0.5)).toBe(1); // 1,495 → 1
    expect(provisaoCentavos(123_45, 100)).toBe(123_45);
    expect(provisaoCentavos(123_45, 0)).toBe(0);
  });
});
