import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar.js';
import { BoletoError } from './boleto-error.js';
import {
  assertDueDateEncodable,
  dueDateToFactor,
  dueDateWindow,
  factorToDueDate,
  FATOR_PRIMEIRO_VENCIMENTO,
  FATOR_ULTIMO_VENCIMENTO,
} from './fator-vencimento.js';

describe('dueDateToFactor', () => {
  it('does not use fator 0 for the base date 1997-10-07 nor anything before 2000-07-03', () => {
    expect(() => dueDateToFactor('1997-10-07')).toThrow(BoletoError);
    expect(() => dueDateToFactor('2000-07-02')).toThrow(/03\/07\/2000/);
  });

  it('counts calendar days from the base date in the first cycle', () => {
    expect(dueDateToFactor('2000-07-03')).toBe(1000);
    expect(dueDateToFactor('2025-02-21')).toBe(9999);
  });

  it('restarts at 1000 on 2025-02-22', () => {
    expect(dueDateToFactor('2025-02-22')).toBe(1000);
    expect(dueDateToFactor('2025-02-23')).toBe(1001);
    // Caixa's published table for the new cycle
    expect(dueDateToFactor('2025-02-24')).toBe(1002);
    expect(dueDateToFactor('2026-12-21')).toBe(1667);
    expect(dueDateToFactor('2035-07-09')).toBe(4789);
    expect(dueDateToFactor('2049-10-13')).toBe(9999);
  });

  it('refuses a date past the cycle that began in 2025 instead of wrapping it to 1000 (issue 23)', () => {
    // before: 2049-10-14 → 1000 and 9999-12-31 → some fator of 2025–2049, a barcode naming another day
    expect(() => dueDateToFactor('2049-10-14')).toThrow(/13\/10\/2049/);
    expect(() => dueDateToFactor('9999-12-31')).toThrow(BoletoError);
    expect(dueDateToFactor(FATOR_ULTIMO_VENCIMENTO)).toBe(9999);
    expect(dueDateToFactor(FATOR_PRIMEIRO_VENCIMENTO)).toBe(1000);
  });

  it('is not moved by leap days or DST: consecutive days differ by one', () => {
    expect(dueDateToFactor('2024-03-01') - dueDateToFactor('2024-02-28')).toBe(2);
    expect(dueDateToFactor('2018-11-05') - dueDateToFactor('2018-11-04')).toBe(1); // BR DST start 2018
  });

  it('rejects what is not a calendar date', () => {
    expect(() => dueDateToFactor('2023-02-29')).toThrow(BoletoError);
    expect(() => dueDateToFactor('05/01/2017')).toThrow(/AAAA-MM-DD/);
  });
});

describe('factorToDueDate', () => {
  it('resolves fator 1000 by the reference date', () => {
    expect(factorToDueDate(1000, '2001-01-01')).toBe('2000-07-03');
    expect(factorToDueDate(1000, '2025-03-01')).toBe('2025-02-22');
  });

  it('round-trips a far-future date with a reference near it', () => {
    const factor = dueDateToFactor('2049-07-10');
    expect(factor).toBe(9904);
    expect(factorToDueDate(factor, '2049-06-01')).toBe('2049-07-10');
    // Read 5500 days before it, the window's far edge, it is still 2049…
    expect(factorToDueDate(factor, addDays('2049-07-10', -5500))).toBe('2049-07-10');
    // …one day further back, the first cycle's date (95 days before 2025-02-21) wins.
    expect(factorToDueDate(factor, addDays('2049-07-10', -5501))).toBe('2024-11-18');
    expect(factorToDueDate(factor, '2024-06-01')).toBe('2024-11-18');
  });

  it('keeps a recently overdue boleto in the past rather than 24 years ahead', () => {
    expect(factorToDueDate(9999, '2025-03-10')).toBe('2025-02-21');
    expect(factorToDueDate(9999, '2033-05-10')).toBe('2025-02-21'); // 2999 days after
  });

  it('applies the FEBRABAN window, not plain nearness, when both candidates are far', () => {
    // reference 2030-01-01 → day 11774. Fator 5000: candidates day 5000 (−6774) and 14000 (+2226).
    expect(factorToDueDate(5000, '2030-01-01')).toBe(factorToDueDate(5000, '2036-01-01'));
  });

  it('rejects fatores outside 1000..9999 and bad reference dates', () => {
    expect(() => factorToDueDate(0, '2025-01-01')).toThrow(BoletoError);
    expect(() => factorToDueDate(999, '2025-01-01')).toThrow(BoletoError);
    expect(() => factorToDueDate(10000, '2025-01-01')).toThrow(BoletoError);
    expect(() => factorToDueDate(1000, '2025-13-01')).toThrow(BoletoError);
  });
});

describe('dueDateWindow and assertDueDateEncodable', () => {
  it('is the FEBRABAN window around the issue day, cut to the fator range', () => {
    expect(dueDateWindow('2026-11-27')).toEqual({ first: addDays('2026-11-27', -3000), last: addDays('2026-11-27', 5500) });
    expect(dueDateWindow('2040-01-01').last).toBe(FATOR_ULTIMO_VENCIMENTO);
    expect(dueDateWindow('2001-01-01').first).toBe(FATOR_PRIMEIRO_VENCIMENTO);
  });

  it('accepts every day of the window (the barcode decodes to it) and nothing outside it', () => {
    const issue = '2026-11-27';
    const { first, last } = dueDateWindow(issue);
    for (let d = first; d <= last; d = addDays(d, 97)) {
      expect(() => assertDueDateEncodable(d, issue)).not.toThrow();
      expect(factorToDueDate(dueDateToFactor(d), issue)).toBe(d);
    }
    expect(() => assertDueDateEncodable(addDays(last, 1), issue)).toThrow(BoletoError);
    expect(() => assertDueDateEncodable(addDays(first, -1), issue)).toThrow(/só representa vencimentos de/);
  });
});
