import { centsToDecimalText, toCents, type Cents } from '../../money/cents.js';
import { isIsoDate, type IsoDate } from '../../dates/calendar.js';
import { CaixaFormatError } from './caixa-error.js';

/**
 * The value formats of Caixa's boleto API (docs/banks.md "## Caixa"): dates 'aaaa-mm-dd' (Swagger
 * "format: date"), money as JSON numbers with two decimals, documents and CEP as integers, the
 * 17-digit nosso número. Money never goes through float arithmetic: cents are printed as decimal
 * text, and numbers are read back through their shortest decimal text (String(n)).
 */

/** Modalidade 1 (registrada) + emissão 4 (beneficiário): SIGCB's prefix of a nosso número we issue. */
export const CAIXA_NOSSO_NUMERO_PREFIXO = '14';
const SEQUENCE_DIGITS = 15;
const MAX_SEQUENCE = 10 ** SEQUENCE_DIGITS - 1;

/**
 * Our nosso-número sequence → the 17 digits Caixa registers: "14" + the sequence zero-padded to 15
 * (SIGCB web-service layout: NOSSO_NUMERO 17 positions, "14" for titles the beneficiary numbers;
 * the same digits as the slip's nosso número before its "-DV", formatNossoNumero).
 */
export function caixaNossoNumero(sequencial: number | string): string {
  const text = String(sequencial).trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1 || value > MAX_SEQUENCE) {
    throw new CaixaFormatError('ENTRADA_INVALIDA', `Sequencial do nosso número Caixa deve ter de 1 a 15 dígitos: ${text}`, 'sequencial');
  }
  return CAIXA_NOSSO_NUMERO_PREFIXO + String(value).padStart(SEQUENCE_DIGITS, '0');
}

/** True for the 17 digits of a nosso número we issue ("14" + 15 digits, sequence ≥ 1). */
export function isCaixaNossoNumero(value: string): boolean {
  return /^14\d{15}$/.test(value) && !/^140{15}$/.test(value);
}

/** The sequence back from the 17 digits (null when it is not one of ours). */
export function sequencialOfCaixaNossoNumero(value: string): number | null {
  return isCaixaNossoNumero(value) ? Number(value.slice(2)) : null;
}

export function assertIsoDate(value: IsoDate, field: string): IsoDate {
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw new CaixaFormatError('ENTRADA_INVALIDA', `Data inválida em ${field}: ${String(value)}`, field);
  }
  return value;
}

/** Centavos → the JSON number Caixa reads as reais ("valor": 200.00 travels as 200). */
export function caixaMoney(cents: Cents): number {
  return Number(centsToDecimalText(cents));
}

/** A percentage held as integer hundredths (990 → 9.9; 200 → 2) → JSON number. */
export function caixaHundredths(hundredths: number): number {
  return Number(centsToDecimalText(hundredths));
}

/**
 * A money value of a Caixa body → centavos: the JSON number (String(n) is its shortest decimal
 * text, "0.3" for 0.3) or a decimal string. null when absent; RangeError when not an amount with
 * at most two decimals.
 */
export function parseCaixaMoney(value: unknown): Cents | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string') throw new RangeError(`Valor monetário inválido: ${String(value)}`);
  return toCents(value);
}

/**
 * Free text as the payer fields take it: accents dropped (SIGCB's layouts are plain ASCII and its
 * messages carry none), anything outside printable ASCII turned into a space, spaces collapsed,
 * cut to the field's length (Swagger maxLength).
 */
export function caixaText(value: string, max: number): string {
  const plain = value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, ' ');
  return plain.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}
