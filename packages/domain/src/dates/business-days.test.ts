import { describe, expect, it } from 'vitest';
import { addBusinessDays, easterSunday, isBusinessDay, nationalHolidays } from './business-days.js';

describe('easterSunday', () => {
  it('matches the published dates', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2038)).toBe('2038-04-25'); // the latest possible date
    expect(easterSunday(2285)).toBe('2285-03-22'); // the earliest possible date
  });
});

describe('nationalHolidays', () => {
  it('has the fixed and the Easter-based bank holidays of 2025', () => {
    expect([...nationalHolidays(2025)].sort()).toEqual([
      '2025-01-01',
      '2025-03-03', // Carnaval (segunda)
      '2025-03-04', // Carnaval (terça)
      '2025-04-18', // Sexta-feira Santa
      '2025-04-21',
      '2025-05-01',
      '2025-06-19', // Corpus Christi
      '2025-09-07',
      '2025-10-12',
      '2025-11-02',
      '2025-11-15',
      '2025-11-20',
      '2025-12-25',
    ]);
  });

  it('counts Consciência Negra only from 2024 (Lei 14.759/2023)', () => {
    expect(nationalHolidays(2023).has('2023-11-20')).toBe(false);
    expect(nationalHolidays(2024).has('2024-11-20')).toBe(true);
  });
});

describe('isBusinessDay', () => {
  it('is false on weekends and holidays, true on other weekdays', () => {
    expect(isBusinessDay('2025-03-08')).toBe(false); // Saturday
    expect(isBusinessDay('2025-03-09')).toBe(false); // Sunday
    expect(isBusinessDay('2025-03-04')).toBe(false); // Carnaval
    expect(isBusinessDay('2025-03-05')).toBe(true); // Quarta-feira de Cinzas: banks open at noon
    expect(isBusinessDay('2025-03-10')).toBe(true);
  });
});

describe('addBusinessDays', () => {
  it('skips the weekend: paid on a Friday, 5 business days end on the next Friday', () => {
    expect(addBusinessDays('2025-03-14', 5)).toBe('2025-03-21');
  });

  it('skips weekends and a holiday between them', () => {
    // Thu 17/04/2025; Fri 18 Sexta-feira Santa, Sat, Sun, Mon 21 Tiradentes → 22, 23, 24, 25, 28
    expect(addBusinessDays('2025-04-17', 5)).toBe('2025-04-28');
  });

  it('skips Carnaval Monday and Tuesday', () => {
    // Fri 28/02/2025 → Mon 03 and Tue 04 are Carnaval → 05, 06, 07, 10, 11
    expect(addBusinessDays('2025-02-28', 5)).toBe('2025-03-11');
  });

  it('crosses the year end (Natal and Confraternização)', () => {
    // Tue 23/12/2025 → 24, (25 Natal), 26, 29, 30, 31 → 5th is 31/12; one more skips 01/01
    expect(addBusinessDays('2025-12-23', 5)).toBe('2025-12-31');
    expect(addBusinessDays('2025-12-23', 6)).toBe('2026-01-02');
  });

  it('counts from a weekend or a holiday as from the day itself (not counted)', () => {
    expect(addBusinessDays('2025-03-08', 1)).toBe('2025-03-10');
    expect(addBusinessDays('2025-12-25', 1)).toBe('2025-12-26');
  });

  it('with 0 answers the day itself or the next business day', () => {
    expect(addBusinessDays('2025-03-10', 0)).toBe('2025-03-10');
    expect(addBusinessDays('2025-03-08', 0)).toBe('2025-03-10');
  });

  it('refuses bad input', () => {
    expect(() => addBusinessDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2025-03-10', -1)).toThrow(RangeError);
    expect(() => addBusinessDays('2025-03-10', 1.5)).toThrow(RangeError);
  });
});
