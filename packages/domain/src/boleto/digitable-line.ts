import { BoletoError } from './boleto-error.js';
import { barcodeGeneralDv, parseBarcode } from './barcode.js';
import { modulo10 } from './modulo.js';

/**
 * Linha digitável (47 digits): the barcode reordered for typing, with a mod-10 DV per field so a
 * typo is caught in the field where it happened.
 *   field 1: bank+currency (barcode 1-4) + campo livre 1-5 + DV
 *   field 2: campo livre 6-15 + DV
 *   field 3: campo livre 16-25 + DV
 *   field 4: general DV (barcode 5)
 *   field 5: fator + valor (barcode 6-19)
 * Printed as "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE".
 */

function withDv(data: string): string {
  return data + String(modulo10(data));
}

/** 44-digit barcode (its general DV is verified) → the formatted linha digitável. */
export function digitableLineFromBarcode(barcode: string): string {
  parseBarcode(barcode);
  const campoLivre = barcode.slice(19);
  const digits =
    withDv(barcode.slice(0, 4) + campoLivre.slice(0, 5)) +
    withDv(campoLivre.slice(5, 15)) +
    withDv(campoLivre.slice(15, 25)) +
    barcode[4] +
    barcode.slice(5, 19);
  return formatDigitableLine(digits);
}

/** 47 digits → dots after the 5th digit of fields 1-3 and one space between fields. */
export function formatDigitableLine(digits47: string): string {
  if (!/^\d{47}$/.test(digits47)) {
    throw new BoletoError('ENTRADA_INVALIDA', 'A linha digitável deve ter 47 dígitos.', 'digitableLine');
  }
  const d = digits47;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/**
 * Accepts the printed form or bare digits. Only dots, spaces (any whitespace) and hyphens are
 * tolerated as separators: letters or other symbols mean a wrong paste, not something to guess.
 */
export function normalizeDigitableLine(line: string): string {
  if (typeof line !== 'string' || !/^[\d.\s-]+$/.test(line)) {
    throw new BoletoError('ENTRADA_INVALIDA', 'A linha digitável deve conter apenas dígitos, pontos e espaços.', 'digitableLine');
  }
  const digits = line.replace(/[.\s-]/g, '');
  if (digits.length === 44) {
    throw new BoletoError('ENTRADA_INVALIDA', 'Foram informados 44 dígitos: isso é um código de barras, não a linha digitável.', 'digitableLine');
  }
  if (digits.length === 48) {
    throw new BoletoError('ENTRADA_INVALIDA', 'Linha de 48 dígitos é de arrecadação (contas/tributos), não boleto de cobrança.', 'digitableLine');
  }
  if (digits.length !== 47) {
    throw new BoletoError('ENTRADA_INVALIDA', `A linha digitável deve ter 47 dígitos (foram informados ${digits.length}).`, 'digitableLine');
  }
  return digits;
}

/** Linha digitável → 44-digit barcode, after checking the three field DVs and the general DV. */
export function barcodeFromDigitableLine(line: string): string {
  const d = normalizeDigitableLine(line);
  const fields = [
    { n: 1, data: d.slice(0, 9), dv: d[9] },
    { n: 2, data: d.slice(10, 20), dv: d[20] },
    { n: 3, data: d.slice(21, 31), dv: d[31] },
  ];
  for (const f of fields) {
    const expected = modulo10(f.data);
    if (Number(f.dv) !== expected) {
      throw new BoletoError(
        'DV_INVALIDO',
        `Dígito verificador do campo ${f.n} da linha digitável inválido: ${f.dv} (esperado ${expected}). Confira a digitação.`,
        'digitableLine',
      );
    }
  }
  const barcode = d.slice(0, 4) + d[32] + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31);
  // Checked here too (parseBarcode would) so the message points at field 4 of what was typed.
  const expectedGeneral = barcodeGeneralDv(barcode);
  if (Number(d[32]) !== expectedGeneral) {
    throw new BoletoError(
      'DV_INVALIDO',
      `Dígito verificador geral (campo 4) da linha digitável inválido: ${d[32]} (esperado ${expectedGeneral}). Confira a digitação.`,
      'digitableLine',
    );
  }
  parseBarcode(barcode); // currency and arrecadação checks
  return barcode;
}
