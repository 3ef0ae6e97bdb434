import type { AdvanceSimulation, AdvanceTotals } from './simulate-advance.js';

const MONEY_TOTALS = [
  'qtdBoletos',
  'totalBoletosCents',
  'totalProrataCents',
  'totalTaxaAntecipacaoCents',
  'taxaBasicaCents',
  'totalAntecipacaoCents',
] as const satisfies readonly (keyof AdvanceTotals)[];

/**
 * What differs between the figures a request carries (the simulation the shop saw) and a fresh
 * simulation, as field paths such as `totals.totalProrataCents` or `boletos[12].prorataCents`.
 * Compared: the set of boletos (matched by id, in any order), each one's value, vencimento and
 * prorata, and every total. Not compared on their own: the date and the day counts — a day later
 * changes every prorata whenever the rate is not zero, and when it is zero the offer is the same.
 */
export function advanceFigureDifferences(sent: AdvanceSimulation, fresh: AdvanceSimulation): string[] {
  const differences: string[] = MONEY_TOTALS.filter((key) => sent.totals[key] !== fresh.totals[key]).map((key) => `totals.${key}`);
  const freshById = new Map(fresh.boletos.map((b) => [b.id, b]));
  const sentIds = new Set(sent.boletos.map((b) => b.id));
  for (const b of sent.boletos) {
    const other = freshById.get(b.id);
    if (!other) differences.push(`boletos[${b.id}]`);
    else {
      for (const key of ['amountCents', 'dueDate', 'prorataCents'] as const) {
        if (b[key] !== other[key]) differences.push(`boletos[${b.id}].${key}`);
      }
    }
  }
  for (const b of fresh.boletos) if (!sentIds.has(b.id)) differences.push(`boletos[${b.id}]`);
  return differences;
}

/** True when a stored request's figures still hold today; the API refuses the request otherwise. */
export function sameAdvanceFigures(sent: AdvanceSimulation, fresh: AdvanceSimulation): boolean {
  return advanceFigureDifferences(sent, fresh).length === 0;
}
