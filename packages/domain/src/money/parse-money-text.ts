import { formatBRL } from './format-brl.js';
import type { Cents } from './cents.js';

/**
 * How an amount typed or pasted by a Brazilian operator is read (issue 25): "1.000,00", "1000,00",
 * "1000", "R$ 1.000,00" and a pasted "1000.50" are all understood; the thousands dot is never read
 * as a decimal point. The rule:
 * - a comma is the decimal separator, and then every dot is a thousands separator;
 * - without a comma, a dot followed by one or two final digits ("1000.50", "1.000.5") is a decimal
 *   point — no thousands group has fewer than three digits — and every other dot is a thousands
 *   separator ("1.000", "1.000.000");
 * - at most two decimals, never negative, never beyond the field's limit.
 * Centavos are computed from the digits as text, so no binary float takes part.
 */
export type MoneyTextParse =
  | { kind: 'empty' }
  | { kind: 'ok'; cents: Cents }
  | { kind: 'error'; message: string };

export const MONEY_TEXT_MSG = {
  invalid: 'Digite um valor em reais, por exemplo 1.000,00.',
  decimals: 'Use no máximo duas casas decimais.',
  negative: 'O valor não pode ser negativo.',
  tooLarge: (maxCents: Cents) => `O valor máximo é ${formatBRL(maxCents)}.`,
} as const;

/** R$ 999.999.999.999,99: what a numeric(14,2) column holds. */
export const MAX_MONEY_TEXT_CENTS: Cents = 99_999_999_999_999;

/** The parts of a typed amount: integer digits, the separator typed before the decimals, decimals. */
export type MoneyTextParts = {
  integerDigits: string;
  /** ',' or '.' when the text has a decimal separator (possibly with no decimals yet), else null. */
  decimalSeparator: ',' | '.' | null;
  decimalDigits: string;
};

const CURRENCY = /R\$/gi;
const SPACES = /[\s\u00a0\u202f]/g;

/** Splits the text into integer and decimal digits by the rule above; null when it is not an amount. */
export function splitMoneyText(text: string): MoneyTextParts | { error: string } | null {
  const bare = text.replace(CURRENCY, '').replace(SPACES, '');
  if (bare === '') return null;
  if (bare.startsWith('-')) return { error: MONEY_TEXT_MSG.negative };
  if (!/^[\d.,]+$/.test(bare) || !/\d/.test(bare)) return { error: MONEY_TEXT_MSG.invalid };

  const commas = bare.split(',').length - 1;
  if (commas > 1) return { error: MONEY_TEXT_MSG.invalid };
  if (commas === 1) {
    const [integer = '', decimals = ''] = bare.split(',');
    if (decimals.includes('.')) return { error: MONEY_TEXT_MSG.invalid };
    return { integerDigits: integer.replaceAll('.', ''), decimalSeparator: ',', decimalDigits: decimals };
  }

  const lastDot = bare.lastIndexOf('.');
  const afterLastDot = lastDot >= 0 ? bare.slice(lastDot + 1) : '';
  // A trailing dot is kept as a separator still waiting for its digits: "1.000." may become
  // "1.000.000" or "1.000.50", and either reading is worth 1.000 until the next digit.
  const isDecimalDot = lastDot >= 0 && afterLastDot.length <= 2;
  if (!isDecimalDot) return { integerDigits: bare.replaceAll('.', ''), decimalSeparator: null, decimalDigits: '' };
  return { integerDigits: bare.slice(0, lastDot).replaceAll('.', ''), decimalSeparator: '.', decimalDigits: afterLastDot };
}

/** Reads a typed or pasted amount into centavos (see the rule above). */
export function parseMoneyText(text: string, maxCents: Cents = MAX_MONEY_TEXT_CENTS): MoneyTextParse {
  const parts = splitMoneyText(text);
  if (parts === null) return { kind: 'empty' };
  if ('error' in parts) return { kind: 'error', message: parts.error };
  if (parts.decimalDigits.length > 2) return { kind: 'error', message: MONEY_TEXT_MSG.decimals };
  const integer = parts.integerDigits.replace(/^0+(?=\d)/, '') || '0';
  // Beyond 15 digits of centavos the amount is out of any field's limit (and of exact doubles).
  if (integer.length > 13) return { kind: 'error', message: MONEY_TEXT_MSG.tooLarge(maxCents) };
  const cents = Number(integer) * 100 + Number(parts.decimalDigits.padEnd(2, '0'));
  if (cents > maxCents) return { kind: 'error', message: MONEY_TEXT_MSG.tooLarge(maxCents) };
  return { kind: 'ok', cents };
}

/**
 * The text to show while the operator types: "R$ " and the integer regrouped with dots, then the
 * decimal separator and decimals exactly as typed ("1.0" stays "1.0" — it may become "1.000"). A
 * text that is not an amount is returned as typed, for the caller to refuse.
 */
export function formatMoneyWhileTyping(text: string): string {
  const parts = splitMoneyText(text);
  if (parts === null || 'error' in parts) return text;
  const integer = parts.integerDigits.replace(/^0+(?=\d)/, '');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const shownInteger = grouped === '' && parts.decimalSeparator ? '0' : grouped;
  return `R$ ${shownInteger}${parts.decimalSeparator ?? ''}${parts.decimalDigits}`;
}
