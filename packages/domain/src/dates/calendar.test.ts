import { describe, expect, it } from 'vitest';
import { addMonthsClamped, daysBetween, formatDateBR, formatDateTimeBR, isIsoDate, parseDateBR, todayInSaoPaulo } from './calendar.js';

describe('calendar dates', () => {
  it('counts calendar days across DST and month ends', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-01-10', '2026-01-01')).toBe(-9);
  });
  it('adds months clamping to the last day', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsClamped('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsClamped('2026-11-15', 3)).toBe('2027-02-15');
  });
  it('uses São Paulo for today', () => {
    // 02:00 UTC on the 2nd is still 23:00 of the 1st in São Paulo
    expect(todayInSaoPaulo(new Date('2026-03-02T02:00:00Z'))).toBe('2026-03-01');
  });
  it('formats and parses pt-BR dates', () => {
    expect(formatDateBR('2026-11-22')).toBe('22/11/2026');
    expect(parseDateBR('31/02/2026')).toBeNull();
    expect(parseDateBR('28/02/2026')).toBe('2026-02-28');
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(formatDateTimeBR('2026-11-22T15:30:00Z')).toBe('22/11/2026 12:30');
  });
});
