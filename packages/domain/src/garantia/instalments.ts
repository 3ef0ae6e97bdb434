import { addMonthsClamped } from '../dates/calendar.js';

/** One instalment of the request as the wizard edits it: valor in reais (wire format), date ISO. */
export type TituloDraft = { parcela: number; valor: number | null; vencimento: string | null };

/** Instalment numbers are shown with two digits (spec §4 Wizard): 1 → "01". */
export function padParcela(parcela: number): string {
  return String(parcela).padStart(2, '0');
}

/**
 * Resizes the list to `count` instalments, keeping what was typed in the ones that remain; new
 * ones start empty (the auto-fill below fills them when instalment 1 is complete).
 */
export function resizeTitulos(current: readonly TituloDraft[], count: number): TituloDraft[] {
  return Array.from({ length: count }, (_, i) => current[i] ?? { parcela: i + 1, valor: null, vencimento: null }).map((t, i) => ({
    ...t,
    parcela: i + 1,
  }));
}

/**
 * The auto-fill rule (spec §4 Wizard, decided in docs/decisions/020): when instalment 1's due date
 * is left, every other instalment gets instalment 1's value and the due date n months later on the
 * same day of month — the last day of a shorter month when that day does not exist (31/01 →
 * 28/02 or 29/02 → 31/03). Each date is computed from instalment 1, never from the previous one,
 * so a clamped February does not drag March to the 28th. Without a date in instalment 1 nothing
 * changes.
 */
export function fillFromFirst(titulos: readonly TituloDraft[]): TituloDraft[] {
  const first = titulos[0];
  if (!first?.vencimento) return titulos.map((t) => ({ ...t }));
  return titulos.map((t, i) =>
    i === 0 ? { ...t } : { parcela: i + 1, valor: first.valor, vencimento: addMonthsClamped(first.vencimento!, i) },
  );
}
