import { addDays, daysBetween, isIsoDate } from '../dates/calendar.js';
import { BoletoError } from './boleto-error.js';

/**
 * Fator de vencimento: the due date as 4 digits. It counts calendar days from the base date
 * 1997-10-07 (fator 1000 = 2000-07-03). After 9999 (2025-02-21) FEBRABAN restarts it at 1000
 * (2025-02-22) instead of widening the barcode, so one fator now names a date every 9000 days and
 * decoding needs a reference date. All arithmetic is on calendar days (dates/calendar uses UTC
 * midnights), so neither the server's time zone nor DST can move a day.
 */

const BASE_DATE = '1997-10-07';
const FIRST_FACTOR = 1000;
const LAST_FACTOR = 9999;
/** Days in one cycle: fatores 1000..9999. */
const CYCLE_DAYS = LAST_FACTOR - FIRST_FACTOR + 1;

/**
 * The due dates a fator names without wrapping: from fator 1000 of the first cycle (2000-07-03)
 * to fator 9999 of the cycle that began on 2025-02-22 (2049-10-13). A later date would wrap to
 * 1000 again and its barcode would name a date 9000 days earlier; FEBRABAN has defined no third
 * cycle, so such a date is refused, never wrapped.
 */
export const FATOR_PRIMEIRO_VENCIMENTO = '2000-07-03';
export const FATOR_ULTIMO_VENCIMENTO = '2049-10-13';

/**
 * FEBRABAN's decoding window around the reference date: a due date is taken to lie at most 3000
 * days before it (old boletos still being paid) or 5500 days after it (long carnês). 8501 days,
 * narrower than a cycle, so at most one candidate fits.
 */
export const FACTOR_WINDOW_DAYS_BEFORE = 3000;
export const FACTOR_WINDOW_DAYS_AFTER = 5500;

function assertDate(date: string, field: string): void {
  if (typeof date !== 'string' || !isIsoDate(date)) {
    throw new BoletoError('DATA_INVALIDA', `Data inválida: "${String(date)}" (use AAAA-MM-DD).`, field);
  }
}

/**
 * 'YYYY-MM-DD' → fator 1000..9999. Dates before 2000-07-03 had no 4-digit fator ≥ 1000, and dates
 * after 2049-10-13 would wrap into a cycle FEBRABAN has not defined: both rejected.
 */
export function dueDateToFactor(dueDate: string): number {
  assertDate(dueDate, 'dueDate');
  const days = daysBetween(BASE_DATE, dueDate);
  if (days < FIRST_FACTOR) {
    throw new BoletoError('DATA_INVALIDA', 'Vencimento anterior a 03/07/2000 não tem fator de vencimento.', 'dueDate');
  }
  if (dueDate > FATOR_ULTIMO_VENCIMENTO) {
    throw new BoletoError('DATA_INVALIDA', 'Vencimento posterior a 13/10/2049 não tem fator de vencimento (o fator recomeçaria em 1000).', 'dueDate');
  }
  return FIRST_FACTOR + ((days - FIRST_FACTOR) % CYCLE_DAYS);
}

/**
 * The due dates a boleto issued on `issueDate` may carry: inside the fator's range and inside
 * FEBRABAN's window around the issue day (3000 days before, 5500 after), so the barcode read that
 * day decodes to the printed date (factorToDueDate(dueDateToFactor(d), issueDate) === d).
 */
export function dueDateWindow(issueDate: string): { first: string; last: string } {
  assertDate(issueDate, 'issueDate');
  const before = addDays(issueDate, -FACTOR_WINDOW_DAYS_BEFORE);
  const after = addDays(issueDate, FACTOR_WINDOW_DAYS_AFTER);
  return {
    first: before > FATOR_PRIMEIRO_VENCIMENTO ? before : FATOR_PRIMEIRO_VENCIMENTO,
    last: after < FATOR_ULTIMO_VENCIMENTO ? after : FATOR_ULTIMO_VENCIMENTO,
  };
}

/**
 * Refuses a due date whose barcode, read on `issueDate`, would name another date (BoletoError,
 * Portuguese): what the slip prints and what the barcode encodes are always the same day.
 */
export function assertDueDateEncodable(dueDate: string, issueDate: string): void {
  const factor = dueDateToFactor(dueDate);
  const { first, last } = dueDateWindow(issueDate);
  // inside the window the decoding is unambiguous; outside it a reader may pick the other candidate
  if (dueDate < first || dueDate > last || factorToDueDate(factor, issueDate) !== dueDate) {
    throw new BoletoError('DATA_INVALIDA', `O código de barras emitido em ${br(issueDate)} só representa vencimentos de ${br(first)} a ${br(last)}.`, 'dueDate');
  }
}

function br(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/**
 * Fator 1000..9999 → the due date it names that is plausible at `referenceDate` (normally the day
 * the boleto is read or paid): the candidate inside the FEBRABAN window (−3000..+5500 days); if
 * the reference falls in the 499-day gap the window leaves uncovered, the nearest candidate.
 * Fator 0000 ("sem vencimento") is not a date: callers handle it before calling this.
 */
export function factorToDueDate(factor: number, referenceDate: string): string {
  if (!Number.isInteger(factor) || factor < FIRST_FACTOR || factor > LAST_FACTOR) {
    throw new BoletoError('DATA_INVALIDA', `Fator de vencimento inválido: ${String(factor)} (esperado 1000 a 9999).`, 'factor');
  }
  assertDate(referenceDate, 'referenceDate');
  const referenceDays = daysBetween(BASE_DATE, referenceDate);
  // Candidates are factor + k·9000 days after the base date, k ≥ 0 (k = 0 is the first cycle).
  const nearestK = Math.max(0, Math.round((referenceDays - factor) / CYCLE_DAYS));
  let best: number | null = null;
  for (const k of [nearestK - 1, nearestK, nearestK + 1]) {
    if (k < 0) continue;
    const days = factor + k * CYCLE_DAYS;
    const offset = days - referenceDays;
    if (offset >= -FACTOR_WINDOW_DAYS_BEFORE && offset <= FACTOR_WINDOW_DAYS_AFTER) {
      return addDays(BASE_DATE, days);
    }
    if (best === null || Math.abs(offset) < Math.abs(best - referenceDays)) best = days;
  }
  return addDays(BASE_DATE, best as number);
}
