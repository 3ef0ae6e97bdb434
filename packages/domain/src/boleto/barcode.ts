import { BoletoError } from './boleto-error.js';
import { modulo11Barcode } from './modulo.js';

/**
 * The 44-digit FEBRABAN barcode of a bank slip ("boleto de cobrança"):
 *   1-3 bank · 4 currency (9 = Real) · 5 general DV · 6-9 fator de vencimento ·
 *   10-19 valor in centavos · 20-44 campo livre (each bank's own layout).
 */

export const CURRENCY_REAL = '9';
/** 10 digits of centavos would allow 99_999_999_99; that is the ceiling the layout can carry. */
export const MAX_AMOUNT_CENTS = 99_999_999_99;

export interface BarcodeParts {
  bank: string;
  currency: string;
  generalDv: number;
  /** 0 means "sem fator de vencimento" (no due date in the barcode). */
  factor: number;
  amountCents: number;
  campoLivre: string;
}

/** Integer centavos within what 10 digits hold; anything else is a caller bug we refuse loudly. */
export function assertAmountCents(amountCents: unknown): asserts amountCents is number {
  if (typeof amountCents !== 'number' || !Number.isInteger(amountCents)) {
    throw new BoletoError('VALOR_INVALIDO', 'O valor deve ser um número inteiro de centavos.', 'amountCents');
  }
  if (amountCents < 0) throw new BoletoError('VALOR_INVALIDO', 'O valor não pode ser negativo.', 'amountCents');
  if (amountCents > MAX_AMOUNT_CENTS) {
    throw new BoletoError('VALOR_INVALIDO', 'O valor excede o máximo do código de barras (R$ 99.999.999,99).', 'amountCents');
  }
}

/** Barcode without position 5 → the general DV (mod 11, never 0). */
export function barcodeGeneralDv(barcode44: string): number {
  return modulo11Barcode(barcode44.slice(0, 4) + barcode44.slice(5));
}

export function assembleBarcode(input: { bank: string; factor: number; amountCents: number; campoLivre: string }): string {
  const { bank, factor, amountCents, campoLivre } = input;
  if (!/^\d{3}$/.test(bank)) throw new BoletoError('ENTRADA_INVALIDA', 'Código do banco deve ter 3 dígitos.', 'bank');
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999) {
    throw new BoletoError('DATA_INVALIDA', 'Fator de vencimento deve ter 4 dígitos.', 'factor');
  }
  assertAmountCents(amountCents);
  if (!/^\d{25}$/.test(campoLivre)) {
    throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  }
  const withoutDv =
    bank + CURRENCY_REAL + String(factor).padStart(4, '0') + String(amountCents).padStart(10, '0') + campoLivre;
  const dv = modulo11Barcode(withoutDv);
  return withoutDv.slice(0, 4) + String(dv) + withoutDv.slice(4);
}

/** Splits a barcode after checking its shape, currency and general DV (Portuguese errors). */
export function parseBarcode(barcode: string): BarcodeParts {
  if (typeof barcode !== 'string' || !/^\d{44}$/.test(barcode)) {
    throw new BoletoError('ENTRADA_INVALIDA', 'O código de barras deve ter 44 dígitos.', 'barcode');
  }
  if (barcode[0] === '8') {
    // Arrecadação (contas de consumo, tributos) uses another layout and mod-10/11 rules.
    throw new BoletoError('ENTRADA_INVALIDA', 'Código de arrecadação (começa com 8) não é boleto de cobrança.', 'barcode');
  }
  if (barcode[3] !== CURRENCY_REAL) {
    throw new BoletoError('ENTRADA_INVALIDA', `Código de moeda não suportado: ${barcode[3]} (esperado 9 = Real).`, 'barcode');
  }
  const generalDv = Number(barcode[4]);
  const expected = barcodeGeneralDv(barcode);
  if (generalDv !== expected) {
    throw new BoletoError('DV_INVALIDO', `Dígito verificador geral inválido: ${generalDv} (esperado ${expected}).`, 'barcode');
  }
  return {
    bank: barcode.slice(0, 3),
    currency: barcode[3],
    generalDv,
    factor: Number(barcode.slice(5, 9)),
    amountCents: Number(barcode.slice(9, 19)),
    campoLivre: barcode.slice(19),
  };
}
