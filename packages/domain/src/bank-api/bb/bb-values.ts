import { centsToDecimalText, toCents, type Cents } from '../../money/cents.js';
import { isIsoDate, type IsoDate } from '../../dates/calendar.js';

/**
 * The value formats of BB's Cobranças v2 (docs/banks.md, "Banco do Brasil — Cobranças v2: fontes e
 * campos"): dates 'dd.mm.aaaa', money as JSON numbers with at most two decimals, the 20-digit
 * numeroTituloCliente. Money never goes through float arithmetic: cents are printed as decimal text
 * and numbers read back through their shortest decimal text (String(n)), which is exact for any
 * amount a JSON body can carry with two decimals.
 */

const BB_DATE = /^(\d{2})[./](\d{2})[./](\d{4})$/;

/** IsoDate → 'dd.mm.aaaa', the only date format the API accepts. */
export const bbDate = (d: IsoDate): string => {
  if (!isIsoDate(d)) throw new RangeError(`Data inválida: ${d}`);
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
};

/**
 * 'dd.mm.aaaa' (the API) or 'dd/mm/aaaa' (the webhook's dataLiquidacao, which may carry a time after
 * a space) → IsoDate; null when it is not a real calendar date.
 */
export const parseBbDate = (s: string): IsoDate | null => {
  const match = BB_DATE.exec(s.trim().split(/\s+/)[0] ?? '');
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isIsoDate(iso) ? iso : null;
};

/** Centavos → the JSON number BB reads as reais ("valorOriginal": 123.45). */
export function bbMoney(cents: Cents): number {
  return Number(centsToDecimalText(cents));
}

/** Integer hundredths (a percentage with two decimals: 990 → 9.9) → JSON number. */
export function bbHundredths(hundredths: number): number {
  return Number(centsToDecimalText(hundredths));
}

/**
 * A money value of a BB body → centavos. Accepts the JSON number (JSON.parse already made it a
 * double; String(n) gives back the shortest decimal text, "0.3" for 0.3) or a decimal string.
 * null when absent; throws RangeError on anything that is not an amount with at most two decimals.
 */
export function parseBbMoney(value: unknown): Cents | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string') throw new RangeError(`Valor monetário inválido: ${String(value)}`);
  return toCents(value);
}

/** '000' + convênio (7 digits) + our sequence (10 digits, zero-padded) — BB's "nosso número" id. */
export function bbNumeroTituloCliente(numeroConvenio: string, sequencial: number): string {
  if (!/^\d{1,7}$/.test(numeroConvenio)) throw new RangeError(`Convênio BB deve ter até 7 dígitos: ${numeroConvenio}`);
  if (!Number.isSafeInteger(sequencial) || sequencial < 1 || sequencial > 9_999_999_999) {
    throw new RangeError(`Sequencial do nosso número BB deve ter de 1 a 10 dígitos: ${sequencial}`);
  }
  return `000${numeroConvenio.padStart(7, '0')}${String(sequencial).padStart(10, '0')}`;
}

/** The convênio a numeroTituloCliente was built with (its digits 4–10), or null when not one. */
export function convenioOfNumeroTituloCliente(numero: string): string | null {
  return /^000\d{17}$/.test(numero) ? numero.slice(3, 10) : null;
}

/** Spaces collapsed, trimmed and cut to BB's length for the field. */
export function bbText(value: string, max: number): string {
  return Array.from(value.replace(/\s+/g, ' ').trim()).slice(0, max).join('').trim();
}

/**
 * numeroTituloBeneficiario ("seu número"): BB accepts only A–Z, 0–9, hyphen, apostrophe and space,
 * up to 15 characters. Accents are dropped, letters upper-cased and any other character (the '/'
 * of "21-3/1") becomes a hyphen.
 */
export function bbSeuNumero(value: string): string {
  const plain = value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  return bbText(plain.replace(/[^A-Z0-9' -]/g, '-'), 15);
}
