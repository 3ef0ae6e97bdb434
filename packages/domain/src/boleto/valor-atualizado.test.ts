import { describe, expect, it } from 'vitest';
import { diasDeAtraso, valorAtualizadoCents } from './valor-atualizado.js';

describe('valor atualizado (2% multa + 0.33% ao dia)', () => {
  it('is the valor itself until the due date, inclusive', () => {
    expect(valorAtualizadoCents(25000, '2026-11-22', '2026-11-22')).toBe(25000);
    expect(valorAtualizadoCents(25000, '2026-12-01', '2026-11-22')).toBe(25000);
    expect(diasDeAtraso('2026-12-01', '2026-11-22')).toBe(0);
  });
  it('adds multa and one day of juros the day after', () => {
    // 250,00 · (1 + 0.02 + 0.0033) = 255,825 → 255,83 (half up)
    expect(valorAtualizadoCents(25000, '2026-11-21', '2026-11-22')).toBe(25583);
  });
  it('counts calendar days across months and rounds once', () => {
    // 30 days: 100,01 · 1.119 = 111,91119 → 111,91
    expect(diasDeAtraso('2026-10-23', '2026-11-22')).toBe(30);
    expect(valorAtualizadoCents(10001, '2026-10-23', '2026-11-22')).toBe(11191);
    // 1 centavo, 1 day: 0.010233 → 0.01
    expect(valorAtualizadoCents(1, '2026-11-21', '2026-11-22')).toBe(1);
    // 50 · 1.0233 = 51.165 → 51 (below half)
    expect(valorAtualizadoCents(50, '2026-11-21', '2026-11-22')).toBe(51);
    // 150 · 1.0233 = 153.495 → 153; 1500 · 1.0233 = 1534.95 → 1535 (half up)
    expect(valorAtualizadoCents(1500, '2026-11-21', '2026-11-22')).toBe(1535);
  });
  it('stays exact for large values (no float)', () => {
    // 9.999.999,99 late 365 days: 999999999 · (10200 + 12045) / 10000 = 2224499997.7755 → 2224499998
    expect(valorAtualizadoCents(999_999_999, '2025-11-22', '2026-11-22')).toBe(2_224_499_998);
  });
});
