import { describe, expect, it } from 'vitest';
import { simulateAdvance, type AdvanceSimulationInput } from './simulate-advance.js';
import { AdvanceError } from './advance-error.js';

// Worked example of docs/financial-math.md, computed by hand there. Today 10/03/2025.
const TODAY = '2025-03-10';
const BOLETOS = [
  { id: 11, amountCents: 50000, dueDate: '2025-04-10' }, // 31 days
  { id: 12, amountCents: 33333, dueDate: '2025-05-09' }, // 60 days
  { id: 13, amountCents: 12345, dueDate: '2025-03-11' }, // 1 day
  { id: 14, amountCents: 10400, dueDate: '2025-03-11' }, // 1 day
];
const INPUT: AdvanceSimulationInput = { boletos: BOLETOS, today: TODAY, taxaProrrata: 0.1, taxaAntecipacao: 2.5, taxaBasicaCents: 990 };

describe('advance simulation — worked example', () => {
  it('rounds each prorata row and sums the rounded rows', () => {
    // 50000·0.1%·31 = 1550; 33333·0.1%·60 = 1999,98 → 2000; 12345·0.1% = 12,345 → 12; 10400·0.1% = 10,4 → 10
    const s = simulateAdvance(INPUT);
    expect(s.boletos.map((b) => [b.id, b.days, b.prorataCents])).toEqual([
      [11, 31, 1550],
      [12, 60, 2000],
      [13, 1, 12],
      [14, 1, 10],
    ]);
    // Subtotal 3572 = the rows on screen (the exact sum 3572,725 would round to 3573 and not add up)
    // taxa = 106078 · 2.5% = 2651,95 → 2652; total = 106078 − 3572 − 2652 − 990 = 98864
    expect(s.totals).toEqual({
      qtdBoletos: 4,
      totalBoletosCents: 106078,
      totalProrataCents: 3572,
      totalTaxaAntecipacaoCents: 2652,
      taxaBasicaCents: 990,
      totalAntecipacaoCents: 98864,
      dataSimulacao: TODAY,
    });
  });

  it('reads rates from numbers or database text alike and defaults to no taxa básica', () => {
    const s = simulateAdvance({ ...INPUT, taxaProrrata: '0.10', taxaAntecipacao: '2.50', taxaBasicaCents: 0 });
    expect(s.totals.totalProrataCents).toBe(3572);
    expect(s.totals.totalAntecipacaoCents).toBe(99854);
  });

  it('keeps rates exact: 0.15% · 60 days of 33333 centavos = 2999,97 → 3000; 0.033% · 1 day of 12345 = 4,07385 → 4', () => {
    const one = (id: number, taxaProrrata: string) => simulateAdvance({ ...INPUT, taxaProrrata, boletos: BOLETOS.filter((b) => b.id === id) });
    expect(one(12, '0.15').boletos[0].prorataCents).toBe(3000);
    expect(one(13, '0.033').boletos[0].prorataCents).toBe(4);
  });

  it('stays exact for values near the numeric(14,2) limit', () => {
    // 99 999 999 999 999 · 0.1% · 31 = 3 099 999 999 999,969 → 3 100 000 000 000
    // taxa 2.5% = 2 499 999 999 999,975 → 2 500 000 000 000
    const s = simulateAdvance({ ...INPUT, taxaBasicaCents: 0, boletos: [{ id: 1, amountCents: 99_999_999_999_999, dueDate: '2025-04-10' }] });
    expect(s.boletos[0].prorataCents).toBe(3_100_000_000_000);
    expect(s.totals.totalTaxaAntecipacaoCents).toBe(2_500_000_000_000);
    expect(s.totals.totalAntecipacaoCents).toBe(94_399_999_999_999);
  });
});

describe('advance input errors', () => {
  const fails = (input: Partial<AdvanceSimulationInput>, message: string) => {
    expect(() => simulateAdvance({ ...INPUT, ...input })).toThrow(AdvanceError);
    expect(() => simulateAdvance({ ...INPUT, ...input })).toThrow(message);
  };

  it('refuses boletos due today or earlier', () => {
    fails({ boletos: [{ id: 1, amountCents: 100, dueDate: TODAY }] }, 'Só podem ser antecipados boletos que ainda não venceram.');
    fails({ boletos: [{ id: 1, amountCents: 100, dueDate: '2025-03-01' }] }, 'Só podem ser antecipados boletos que ainda não venceram.');
  });

  it('refuses an empty list, repeated ids and malformed boletos', () => {
    fails({ boletos: [] }, 'Não há boletos disponíveis para antecipação.');
    fails({ boletos: [BOLETOS[0], BOLETOS[0]] }, 'O mesmo boleto foi informado mais de uma vez.');
    fails({ boletos: [{ id: 1, amountCents: 0.5, dueDate: '2025-04-10' }] }, 'Boleto com valor, vencimento ou identificador inválido.');
  });

  it('refuses rates that are not non-negative decimals', () => {
    for (const taxaProrrata of [-0.1, '1e-3', 'abc', Number.NaN]) fails({ taxaProrrata }, 'Taxa de antecipação inválida.');
    fails({ taxaBasicaCents: -1 }, 'Taxa básica inválida.');
  });

  it('refuses an advance whose fees swallow the whole value', () => {
    fails({ taxaAntecipacao: 100 }, 'As taxas superam o valor dos boletos');
  });
});
