import { describe, expect, it } from 'vitest';
import { simulateAdvance, type AdvanceSimulationInput } from './simulate-advance.js';
import { advanceFigureDifferences, sameAdvanceFigures } from './same-figures.js';

const INPUT: AdvanceSimulationInput = {
  boletos: [
    { id: 11, amountCents: 50000, dueDate: '2025-04-10' },
    { id: 12, amountCents: 33333, dueDate: '2025-05-09' },
  ],
  today: '2025-03-10',
  taxaProrrata: '0.1',
  taxaAntecipacao: '2.5',
  taxaBasicaCents: 0,
};

describe('sameAdvanceFigures', () => {
  it('holds for the same simulation, whatever the order of the boletos', () => {
    const sent = simulateAdvance(INPUT);
    const fresh = simulateAdvance({ ...INPUT, boletos: [...INPUT.boletos].reverse() });
    expect(sameAdvanceFigures(sent, fresh)).toBe(true);
  });

  it('fails a day later, naming the figures that moved', () => {
    const sent = simulateAdvance(INPUT);
    const fresh = simulateAdvance({ ...INPUT, today: '2025-03-11' });
    expect(sameAdvanceFigures(sent, fresh)).toBe(false);
    expect(advanceFigureDifferences(sent, fresh)).toEqual([
      'totals.totalProrataCents',
      'totals.totalAntecipacaoCents',
      'boletos[11].prorataCents',
      'boletos[12].prorataCents',
    ]);
  });

  it('fails when a boleto left or joined, or a rate changed', () => {
    const sent = simulateAdvance(INPUT);
    const fewer = simulateAdvance({ ...INPUT, boletos: INPUT.boletos.slice(0, 1) });
    expect(advanceFigureDifferences(sent, fewer)).toContain('boletos[12]');
    expect(advanceFigureDifferences(fewer, sent)).toContain('boletos[12]');
    expect(sameAdvanceFigures(sent, simulateAdvance({ ...INPUT, taxaAntecipacao: '2.6' }))).toBe(false);
  });
});
