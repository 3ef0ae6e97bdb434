import { FATOR_ULTIMO_VENCIMENTO } from '../boleto/fator-vencimento.js';
import { addMonthsClamped, formatDateBR, isIsoDate, type IsoDate } from './calendar.js';

/**
 * The dates the system accepts where they enter (issue 23, decision 105). Every date field takes a
 * day between 1900-01-01 and 2099-12-31: four-digit years that PostgreSQL, JavaScript's Date and a
 * CNAB DDMMAAAA field all hold, with room for the day after (a slip's juros start the day after
 * its due date). A boleto's due date is narrower: not before today, at most 10 years ahead, and
 * inside the range a fator de vencimento names (boleto/fator-vencimento.ts). A birth date is from
 * 1900 to today.
 */
export const DATA_MINIMA: IsoDate = '1900-01-01';
export const DATA_MAXIMA: IsoDate = '2099-12-31';
/** How far ahead an instalment may fall due. */
export const VENCIMENTO_MAX_ANOS = 10;

export const DATE_MSG = {
  foraDoIntervalo: `Informe uma data entre ${formatDateBR(DATA_MINIMA)} e ${formatDateBR(DATA_MAXIMA)}`,
  vencimentoPassado: 'O vencimento não pode ser anterior a hoje',
  vencimentoDistante: (limite: IsoDate) => `O vencimento pode ser no máximo ${formatDateBR(limite)} (${VENCIMENTO_MAX_ANOS} anos a partir de hoje)`,
  vencimentosCrescentes: 'Cada vencimento deve ser posterior ao da parcela anterior',
  nascimentoAntigo: `A data de nascimento não pode ser anterior a ${formatDateBR(DATA_MINIMA)}`,
  nascimentoFuturo: 'A data não pode ser futura',
} as const;

/** Inside DATA_MINIMA..DATA_MAXIMA (a well-formed 'YYYY-MM-DD' compares as text). */
export function isDateInRange(date: IsoDate): boolean {
  return isIsoDate(date) && date >= DATA_MINIMA && date <= DATA_MAXIMA;
}

/** The last due date accepted today: 10 years ahead, and never past what a fator names. */
export function ultimoVencimentoAceito(today: IsoDate): IsoDate {
  const tenYears = addMonthsClamped(today, VENCIMENTO_MAX_ANOS * 12);
  return tenYears < FATOR_ULTIMO_VENCIMENTO ? tenYears : FATOR_ULTIMO_VENCIMENTO;
}

/**
 * Why a new due date is refused, or null: not a date, before today (unless `allowPast`), or past
 * ultimoVencimentoAceito. Within it, fator and barcode always name the printed day.
 */
export function vencimentoProblem(date: IsoDate, today: IsoDate, options: { allowPast?: boolean } = {}): string | null {
  if (!isIsoDate(date)) return DATE_MSG.foraDoIntervalo;
  if (!options.allowPast && date < today) return DATE_MSG.vencimentoPassado;
  const last = ultimoVencimentoAceito(today);
  if (date > last) return DATE_MSG.vencimentoDistante(last);
  if (date < DATA_MINIMA) return DATE_MSG.foraDoIntervalo;
  return null;
}

/** Why a birth date is refused, or null: from 1900-01-01 to today. */
export function nascimentoProblem(date: IsoDate, today: IsoDate): string | null {
  if (!isIsoDate(date) || date < DATA_MINIMA) return DATE_MSG.nascimentoAntigo;
  if (date > today) return DATE_MSG.nascimentoFuturo;
  return null;
}

/** The index of each due date not after the one before it (instalments must fall due in order). */
export function vencimentosForaDeOrdem(dates: readonly IsoDate[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < dates.length; i++) if (isIsoDate(dates[i]) && isIsoDate(dates[i - 1]) && dates[i] <= dates[i - 1]) out.push(i);
  return out;
}
