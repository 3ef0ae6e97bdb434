import { describe, expect, it } from 'vitest';
import { defaultSettlementDueDates } from './due-dates.js';

describe('default settlement due dates', () => {
  it('starts today and keeps the day of month', () => {
    expect(defaultSettlementDueDates('2025-03-10', 3)).toEqual(['2025-03-10', '2025-04-10', '2025-05-10']);
  });

  it('clamps the 31st to the end of shorter months without dragging later months', () => {
    expect(defaultSettlementDueDates('2025-01-31', 4)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
    expect(defaultSettlementDueDates('2024-01-31', 3)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
  });

  it('crosses the year and starts from 29/02 in a leap year', () => {
    expect(defaultSettlementDueDates('2024-02-29', 2)).toEqual(['2024-02-29', '2024-03-29']);
    expect(defaultSettlementDueDates('2025-11-30', 4)).toEqual(['2025-11-30', '2025-12-30', '2026-01-30', '2026-02-28']);
  });

  it('gives one date for n = 1 and refuses counts outside 1..10', () => {
    expect(defaultSettlementDueDates('2025-03-10', 1)).toEqual(['2025-03-10']);
    expect(defaultSettlementDueDates('2025-03-10', 10)).toHaveLength(10);
    expect(() => defaultSettlementDueDates('2025-03-10', 0)).toThrow('O acordo deve ter de 1 a 10 parcelas.');
    expect(() => defaultSettlementDueDates('2025-03-10', 11)).toThrow('O acordo deve ter de 1 a 10 parcelas.');
    expect(() => defaultSettlementDueDates('2025-02-30', 2)).toThrow('Informe uma data válida!');
  });
});
