import { describe, expect, it } from 'vitest';
import { assembleBarcode } from './barcode.js';
import { BoletoError } from './boleto-error.js';
import { dueDateToFactor } from './fator-vencimento.js';
import { barcodeFromDigitableLine, digitableLineFromBarcode, formatDigitableLine } from './digitable-line.js';
import { parseDigitableLine } from './parse-digitable-line.js';

const LINE = '00190.00009 01149.718601 68524.522114 6 75860000102656';
const BARCODE = '00196758600001026560000001149718606852452211';
const DIGITS = LINE.replace(/\D/g, '');

/** Changes one digit of the 47 (index into the bare digits) to the next value. */
function typo(index: number): string {
  return DIGITS.slice(0, index) + String((Number(DIGITS[index]) + 1) % 10) + DIGITS.slice(index + 1);
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof BoletoError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'sem erro';
}

describe('digitable line', () => {
  it('formats with dots after the 5th digit of fields 1-3 and single spaces', () => {
    expect(digitableLineFromBarcode(BARCODE)).toBe(LINE);
    expect(formatDigitableLine(DIGITS)).toBe(LINE);
  });

  it('parses the printed form, bare digits, and sloppy spacing alike', () => {
    expect(barcodeFromDigitableLine(LINE)).toBe(BARCODE);
    expect(barcodeFromDigitableLine(DIGITS)).toBe(BARCODE);
    expect(barcodeFromDigitableLine(`  ${LINE.replace(/ /g, '  ')}\n`)).toBe(BARCODE);
  });

  it('names the field whose DV is wrong, in Portuguese', () => {
    expect(codeOf(() => barcodeFromDigitableLine(typo(2)))).toMatch(/^DV_INVALIDO: .*campo 1/);
    expect(codeOf(() => barcodeFromDigitableLine(typo(12)))).toMatch(/campo 2/);
    expect(codeOf(() => barcodeFromDigitableLine(typo(25)))).toMatch(/campo 3/);
  });

  it('catches a typo in the field DV itself', () => {
    expect(codeOf(() => barcodeFromDigitableLine(typo(9)))).toMatch(/campo 1 .*esperado 9/);
  });

  it('catches a typo in the value or fator through the general DV (field 4)', () => {
    expect(codeOf(() => barcodeFromDigitableLine(typo(46)))).toMatch(/^DV_INVALIDO: .*geral \(campo 4\)/);
    expect(codeOf(() => barcodeFromDigitableLine(typo(32)))).toMatch(/campo 4/);
  });

  it('rejects wrong lengths with a message that says what was pasted', () => {
    expect(codeOf(() => barcodeFromDigitableLine(BARCODE))).toMatch(/código de barras/);
    expect(codeOf(() => barcodeFromDigitableLine(DIGITS + '0'))).toMatch(/arrecadação/);
    expect(codeOf(() => barcodeFromDigitableLine(DIGITS.slice(1)))).toMatch(/47 dígitos \(foram informados 46\)/);
    expect(codeOf(() => barcodeFromDigitableLine(LINE.replace('6 7586', 'x 7586')))).toMatch(/^ENTRADA_INVALIDA/);
  });

  it('refuses to format a barcode whose general DV is wrong', () => {
    const bad = BARCODE.slice(0, 4) + '7' + BARCODE.slice(5);
    expect(codeOf(() => digitableLineFromBarcode(bad))).toMatch(/^DV_INVALIDO/);
  });
});

describe('parseDigitableLine', () => {
  it('returns bank, amount in centavos, due date and barcode', () => {
    expect(parseDigitableLine(LINE, '2018-07-01')).toEqual({
      bank: '001',
      amountCents: 102656,
      dueDate: '2018-07-15',
      barcode: BARCODE,
    });
  });

  it('parses other banks too (only the FEBRABAN part is read)', () => {
    // An Itaú (341) slip assembled here from an arbitrary campo livre: no 341 profile exists,
    // and none is needed to read one.
    const barcode = assembleBarcode({ bank: '341', factor: dueDateToFactor('2015-06-10'), amountCents: 116060, campoLivre: '1090086120772730714446400' });
    const parsed = parseDigitableLine(digitableLineFromBarcode(barcode), '2015-06-01');
    expect(parsed.bank).toBe('341');
    expect(parsed.amountCents).toBe(116060);
    expect(parsed.dueDate).toBe('2015-06-10');
  });
});
