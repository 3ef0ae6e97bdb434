import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar.js';
import { simulateAdvance, type AdvanceSimulationInput } from './simulate-advance.js';
import { sameAdvanceFigures } from './same-figures.js';

/** mulberry32: a tiny seeded PRNG so every run draws the same "random" advances. */
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

const RATES = ['0', '0.1', '0.05', '0.033', '0.15', '0.2'];
const FEES = ['0', '1', '2.5', '3.75', '0.99'];

function randomInput(next: (max: number) => number): AdvanceSimulationInput {
  const today = addDays('2023-01-01', next(1500));
  const big = next(10) === 0;
  const boletos = Array.from({ length: 1 + next(30) }, (_, i) => ({
    id: 1000 + i,
    amountCents: 1 + (big ? next(1e10) * 100 + next(100) : next(5_000_000)),
    dueDate: addDays(today, 1 + next(365)),
  }));
  return { boletos, today, taxaProrrata: RATES[next(RATES.length)], taxaAntecipacao: FEES[next(FEES.length)], taxaBasicaCents: next(2) ? 0 : next(300) };
}

// 3 000 simulations take well under a second alone; the timeout only keeps a loaded machine from failing them
describe('advance properties over 3 000 seeded random simulations', { timeout: 30_000 }, () => {
  const next = seededRandom(424242);
  const cases = Array.from({ length: 3000 }, () => randomInput(next));

  it('totals are sums of the rows shown, and the advance is what is left after every fee', () => {
    for (const input of cases) {
      const { boletos, totals } = simulateAdvance(input);
      expect(totals.qtdBoletos).toBe(boletos.length);
      expect(totals.totalBoletosCents).toBe(boletos.reduce((s, b) => s + b.amountCents, 0));
      expect(totals.totalProrataCents).toBe(boletos.reduce((s, b) => s + b.prorataCents, 0));
      expect(totals.totalAntecipacaoCents).toBe(
        totals.totalBoletosCents - totals.totalProrataCents - totals.totalTaxaAntecipacaoCents - totals.taxaBasicaCents,
      );
    }
  });

  it('every figure is a non-negative integer and each prorata is its exact value rounded once', () => {
    for (const input of cases) {
      const { boletos, totals } = simulateAdvance(input);
      for (const value of [...Object.values(totals).filter((v) => typeof v === 'number'), ...boletos.map((b) => b.prorataCents)]) {
        expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
      }
      const [whole, fraction = ''] = String(input.taxaProrrata).split('.');
      const scale = 100n * 10n ** BigInt(fraction.length);
      for (const b of boletos) {
        const exactTimesScale = BigInt(b.amountCents) * BigInt(whole + fraction) * BigInt(b.days);
        const error = BigInt(b.prorataCents) * scale - exactTimesScale;
        expect(error * 2n > -scale && error * 2n <= scale).toBe(true); // half up: (−½, +½]
      }
    }
  });

  it('is deterministic and agrees with itself', () => {
    for (const input of cases.slice(0, 500)) {
      const a = simulateAdvance(input);
      expect(simulateAdvance(input)).toEqual(a);
      expect(sameAdvanceFigures(a, simulateAdvance(input))).toBe(true);
    }
  });
});
