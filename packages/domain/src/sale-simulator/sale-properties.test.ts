import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar.js';
import { simulateSale, type SaleSimulationInput } from './simulate-sale.js';

/** mulberry32: a tiny seeded PRNG so every run draws the same "random" sales. */
function seededRandom(seed: number): (max: number) => number {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

const RATES = ['0', '0.1', '0.05', '0.033', '0.15', '0.2', '0.27'];

function randomInput(next: (max: number) => number): SaleSimulationInput {
  const big = next(10) === 0;
  return {
    valueCents: 1 + (big ? next(1e10) * 100 + next(100) : next(10_000_000)),
    installments: 2 + next(11),
    today: addDays('2023-01-01', next(1500)),
    taxaProrrata: RATES[next(RATES.length)],
  };
}

describe('sale simulator properties over 3 000 seeded random sales', () => {
  const next = seededRandom(77);
  const cases = Array.from({ length: 3000 }, () => randomInput(next));

  it('instalments 1..n−1 carry P, the total is the sum of the instalments and every figure is a non-negative integer', () => {
    for (const input of cases) {
      const s = simulateSale(input);
      expect(s.boletos).toHaveLength(input.installments);
      expect(s.boletos.reduce((sum, b) => sum + b.valorNovaParcelaCents, 0)).toBe(s.totalCents);
      for (const b of s.boletos.slice(0, -1)) expect(b.valorNovaParcelaCents).toBe(s.valorNovaParcelaCents);
      for (const b of s.boletos) {
        for (const v of [b.valorNovaParcelaCents, b.feeCents, b.netCents]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(b.feeCents + b.netCents).toBe(b.valorNovaParcelaCents);
      }
    }
  }, 30_000); // 3 000 simulations with BigInt: slow on a loaded CI machine

  it('the shop nets exactly the sale value, the last instalment is the smallest that achieves it, and P is the exact quotient rounded once', () => {
    for (const input of cases) {
      const s = simulateSale(input);
      expect(s.totalNetCents).toBe(input.valueCents);
      const last = s.boletos.at(-1)!;
      const [w, f = ''] = String(input.taxaProrrata).split('.');
      const feeOneLess = Number((2n * BigInt(last.valorNovaParcelaCents - 1) * BigInt(w + f) * BigInt(last.days) + 100n * 10n ** BigInt(f.length)) / (2n * 100n * 10n ** BigInt(f.length)));
      if (last.valorNovaParcelaCents > 0) expect(last.valorNovaParcelaCents - 1 - feeOneLess).toBeLessThan(last.netCents);
      const [whole, fraction = ''] = String(input.taxaProrrata).split('.');
      const scale = 100n * 10n ** BigInt(fraction.length);
      const perDay = BigInt(whole + fraction);
      const divisor = BigInt(input.installments) * scale - perDay * BigInt(s.boletos.reduce((sum, b) => sum + b.days, 0));
      const error = BigInt(s.valorNovaParcelaCents) * divisor - BigInt(input.valueCents) * scale;
      expect(error * 2n > -divisor && error * 2n <= divisor).toBe(true); // half up: (−½, +½] centavo
    }
  }, 30_000); // 3 000 simulations with BigInt: slow on a loaded CI machine

  it('instalments fall monthly on increasing dates and the simulation is deterministic', () => {
    for (const input of cases.slice(0, 500)) {
      const s = simulateSale(input);
      s.boletos.forEach((b, i) => {
        expect(b.number).toBe(i + 1);
        if (i > 0) expect(b.days).toBeGreaterThan(s.boletos[i - 1].days);
      });
      expect(simulateSale(input)).toEqual(s);
    }
  });
});
