import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../dates/calendar.js';
import { simulateSettlement, type SettlementSimulationInput } from './simulate-settlement.js';

/** mulberry32: a tiny seeded PRNG so every run draws the same "random" plans. */
function seededRandom(seed: number): (max: number) => number {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * max); // integer in [0, max)
  };
}

function randomInput(next: (max: number) => number): SettlementSimulationInput {
  const today = addDays('2023-01-01', next(1500));
  const bigValues = next(10) === 0;
  const boletos = Array.from({ length: 1 + next(6) }, () => ({
    amountCents: 1 + (bigValues ? next(1e10) * 100 + next(100) : next(10_000_000)),
    dueDate: addDays(today, next(800) - 600),
  }));
  const installments = 1 + next(10);
  let dueDates: IsoDate[] | undefined;
  if (next(2) === 0) {
    let date = addDays(today, next(20));
    dueDates = Array.from({ length: installments }, () => (date = addDays(date, 1 + next(60))));
  }
  return { boletos, today, installments, dueDates };
}

function withDiscountAndEntrada(input: SettlementSimulationInput, next: (max: number) => number): SettlementSimulationInput {
  const { updatedCents } = simulateSettlement(input);
  const maxDiscount = input.installments === 1 ? updatedCents : updatedCents - 1;
  const discountCents = next(3) === 0 ? 0 : next(maxDiscount + 1);
  const payable = updatedCents - discountCents;
  const choices = [1, payable, 1 + next(payable)];
  return { ...input, discountCents, firstAmountCents: choices[next(choices.length)] };
}

describe('settlement properties over 3 000 seeded random plans', () => {
  const next = seededRandom(20250310);
  const cases = Array.from({ length: 3000 }, () => {
    const draft = randomInput(next);
    // n > 1 needs an entrada before the first simulation; any valid one will do to read the updated value
    return withDiscountAndEntrada({ ...draft, firstAmountCents: 1 }, next);
  });

  it('the instalments add up to the total exactly', () => {
    for (const input of cases) {
      const s = simulateSettlement(input);
      expect(s.installments.reduce((sum, p) => sum + p.amountCents, 0)).toBe(s.totalCents);
    }
  });

  it('every figure is a non-negative integer of centavos and the parts of the updated value add up', () => {
    for (const input of cases) {
      const s = simulateSettlement(input);
      const figures = [s.baseCents, s.fineCents, s.interestCents, s.feeCents, s.updatedCents, s.totalCents, ...s.installments.map((p) => p.amountCents)];
      for (const f of figures) expect(Number.isSafeInteger(f) && f >= 0).toBe(true);
      expect(s.baseCents + s.fineCents + s.interestCents + s.feeCents).toBe(s.updatedCents);
    }
  });

  it('juros is the exact sum rounded once (within half a centavo of it)', () => {
    for (const input of cases) {
      const s = simulateSettlement(input);
      const exact = input.boletos.reduce((sum, b) => {
        const late = Math.max(0, Math.round((Date.parse(input.today) - Date.parse(b.dueDate)) / 86_400_000));
        return sum + BigInt(b.amountCents) * 33n * BigInt(late);
      }, 0n);
      const error = BigInt(s.interestCents) * 10_000n - exact;
      expect(error > -5000n && error <= 5000n).toBe(true); // half up: (−½, +½] centavo
    }
  });

  it('the plan keeps E first, never charges less than what is left, and has n increasing dates', () => {
    for (const input of cases) {
      const s = simulateSettlement(input);
      const n = input.installments;
      expect(s.installments).toHaveLength(n);
      expect(s.installments.map((p) => p.number)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const payable = s.updatedCents - (input.discountCents ?? 0);
      if (n === 1) expect(s.totalCents).toBe(payable);
      else {
        expect(s.installments[0].amountCents).toBe(input.firstAmountCents);
        expect(s.totalCents).toBeGreaterThanOrEqual(payable);
      }
      s.installments.slice(1).forEach((p, i) => expect(p.dueDate > s.installments[i].dueDate).toBe(true));
    }
  });

  it('is deterministic', () => {
    for (const input of cases.slice(0, 500)) expect(simulateSettlement(input)).toEqual(simulateSettlement(input));
  });
});
