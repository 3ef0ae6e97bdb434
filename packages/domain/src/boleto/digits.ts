import { BoletoError } from './boleto-error.js';

/**
 * Input normalisation shared by the bank profiles. Numeric identifiers (nosso número, convênio,
 * agência) arrive as numbers or strings; leading zeros are significant in the barcode, so every
 * field is handled as a digit string and padded, never as a number.
 */

/**
 * A non-negative integer given as number or digit string → its digits (leading zeros kept).
 * Rejects signs, decimals, spaces and anything beyond Number.MAX_SAFE_INTEGER for numbers
 * (a larger number has already lost digits before it reached us).
 */
export function digitsOf(value: unknown, field: string, label: string): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new BoletoError('ENTRADA_INVALIDA', `${label} deve ser um número inteiro não negativo.`, field);
    }
    return String(value);
  }
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  throw new BoletoError('ENTRADA_INVALIDA', `${label} deve conter apenas dígitos.`, field);
}

/** Left-pads with zeros to exactly `length`; longer input is an error, never truncated. */
export function padDigits(value: unknown, length: number, field: string, label: string): string {
  const digits = digitsOf(value, field, label);
  if (digits.length > length) {
    throw new BoletoError('ENTRADA_INVALIDA', `${label} deve ter no máximo ${length} dígitos.`, field);
  }
  return digits.padStart(length, '0');
}

/**
 * Agência as printed ("1606", "1606-X", "0123-4") → its 4 digits without the DV. The DV is not
 * part of any campo livre we build, so it is accepted and dropped, not checked.
 */
export function agencyDigits(value: unknown): string {
  if (typeof value === 'string') {
    const m = /^(\d{1,4})(?:-[\dxX])?$/.exec(value.trim());
    if (m) return m[1].padStart(4, '0');
  } else if (typeof value === 'number') {
    return padDigits(value, 4, 'agency', 'Agência');
  }
  throw new BoletoError('ENTRADA_INVALIDA', 'Agência deve ter até 4 dígitos (com DV opcional, ex. 1234-5).', 'agency');
}
