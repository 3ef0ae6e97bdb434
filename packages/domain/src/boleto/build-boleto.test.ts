import { describe, expect, it } from 'vitest';
import { BoletoError } from './boleto-error.js';
import { buildBoleto, type BuildBoletoInput } from './build-boleto.js';
import { parseDigitableLine } from './parse-digitable-line.js';
import { addDays } from '../dates/calendar.js';
import { dueDateWindow } from './fator-vencimento.js';

const caixa: BuildBoletoInput = {
  bank: '104',
  agency: '1234',
  beneficiaryCode: '123456',
  wallet: 'RG',
  ourNumber: 6,
  amountCents: 500_00,
  dueDate: '2017-01-05',
};

/** Convênio 7: brcobranca's spec case (convênio 1238798, nosso número 7777700168, R$ 135,00). */
const bb7: BuildBoletoInput = {
  bank: '001',
  beneficiaryCode: '1238798',
  wallet: '18',
  ourNumber: '7777700168',
  amountCents: 135_00,
  dueDate: '2008-02-03',
};

function errorOf(fn: () => unknown): BoletoError {
  try {
    fn();
  } catch (error) {
    if (error instanceof BoletoError) return error;
    throw error;
  }
  throw new Error('esperava BoletoError');
}

describe('buildBoleto — Caixa 104 SIGCB', () => {
  it('builds the published example (BoletoNetCore SIG14, nosso número 6)', () => {
    expect(buildBoleto(caixa)).toEqual({
      barcode: '10491703000000500001234560000100040000000064',
      digitableLine: '10491.23456 60000.100044 00000.000646 1 70300000050000',
      ourNumberFormatted: '14000000000000006-5',
    });
  });

  it('accepts wallet "1" as RG and a digit-string nosso número', () => {
    expect(buildBoleto({ ...caixa, wallet: '1', ourNumber: '000000000000006' }).barcode).toBe(buildBoleto(caixa).barcode);
  });

  it('marks sem registro with modalidade 2 in the nosso número and in constante 1', () => {
    const built = buildBoleto({ ...caixa, wallet: 'SR' });
    expect(built.ourNumberFormatted).toMatch(/^24000000000000006-\d$/);
    expect(built.barcode.slice(19 + 10, 19 + 11)).toBe('2');
  });

  it('puts a 7-digit código do beneficiário (≥ 1100000) without DV', () => {
    const built = buildBoleto({ ...caixa, beneficiaryCode: '1234567' });
    expect(built.barcode.slice(19, 26)).toBe('1234567');
  });

  it('keeps the R$ 409,00 case whose only difference is the value (same nosso número 5)', () => {
    // BoletoNetCore SIG14 case not in the CSV: 409.00, 2016-12-08, nosso número 5
    expect(buildBoleto({ ...caixa, ourNumber: 5, amountCents: 409_00, dueDate: '2016-12-08' }).digitableLine).toBe(
      '10491.23456 60000.100044 00000.000562 3 70020000040900',
    );
  });
});

describe('buildBoleto — Banco do Brasil 001', () => {
  it('builds a 7-digit convênio boleto (nosso número printed without DV)', () => {
    expect(buildBoleto(bb7)).toEqual({
      barcode: '00193377100000135000000001238798777770016818',
      digitableLine: '00190.00009 01238.798779 77700.168188 3 37710000013500',
      ourNumberFormatted: '12387987777700168',
    });
  });

  it('builds a 6-digit convênio boleto (nosso número 11 + agência + conta)', () => {
    const built = buildBoleto({
      bank: '001', beneficiaryCode: '123879', ourNumber: '1234', agency: '4042', account: '61900',
      wallet: '18', amountCents: 135_00, dueDate: '2008-02-01',
    });
    expect(built.barcode).toBe('00192376900000135001238790123440420006190018');
    expect(built.digitableLine).toBe('00191.23876 90123.440423 00061.900189 2 37690000013500');
    // DV by hand: Σ = 237, 237 mod 11 = 6, 11 − 6 = 5
    expect(built.ourNumberFormatted).toBe('12387901234-5');
    // Σ = 243 ≡ 1 → 10 → printed "X"
    expect(buildBoleto({ ...bb7, beneficiaryCode: '123879', ourNumber: 1237, agency: '4042', account: '61900' }).ourNumberFormatted)
      .toBe('12387901237-X');
  });

  it('builds a 4-digit convênio boleto (same layout, 7-digit sequence)', () => {
    const built = buildBoleto({
      bank: '001', beneficiaryCode: '1238', ourNumber: 123456, agency: '4042-8', account: '00061900-0',
      wallet: '18', amountCents: 135_00, dueDate: '2008-02-01',
    });
    expect(built.barcode).toBe('00191376900000135001238012345640420006190018');
  });

  it('builds a BB boleto after the 2025 fator reset that parses back', () => {
    const built = buildBoleto({ ...bb7, dueDate: '2025-03-10', amountCents: 1 });
    expect(built.barcode.slice(5, 9)).toBe('1016');
    expect(parseDigitableLine(built.digitableLine, '2025-03-01')).toMatchObject({ amountCents: 1, dueDate: '2025-03-10' });
  });

  it('writes fator 0000 when there is no due date', () => {
    const built = buildBoleto({ ...bb7, dueDate: null });
    expect(built.barcode.slice(5, 9)).toBe('0000');
    expect(parseDigitableLine(built.digitableLine, '2025-01-01').dueDate).toBeNull();
  });
});

describe('buildBoleto — bad input', () => {
  it.each([
    ['non-integer', 10.5],
    ['negative', -1],
    ['above 99.999.999,99', 99_999_999_99 + 1],
    ['NaN', Number.NaN],
    // eslint-disable-next-line no-restricted-syntax -- a string where the type says number, as untyped input could send
    ['text', '100' as unknown as number],
  ])('rejects an amount that is %s', (_, amountCents) => {
    const e = errorOf(() => buildBoleto({ ...caixa, amountCents }));
    expect(e.code).toBe('VALOR_INVALIDO');
    expect(e.field).toBe('amountCents');
  });

  it('accepts the largest amount the barcode carries', () => {
    expect(buildBoleto({ ...caixa, amountCents: 99_999_999_99 }).barcode.slice(9, 19)).toBe('9999999999');
  });

  it('rejects an unknown bank', () => {
    expect(errorOf(() => buildBoleto({ ...caixa, bank: '999' as '104' })).code).toBe('BANCO_NAO_SUPORTADO');
  });

  it('rejects a nosso número too long, signed, decimal or with letters', () => {
    for (const ourNumber of ['1234567890123456', -1, 1.5, '12a', '']) {
      const e = errorOf(() => buildBoleto({ ...caixa, ourNumber }));
      expect(e.field).toBe('ourNumber');
      expect(e.message).toMatch(/Nosso número/);
    }
    expect(errorOf(() => buildBoleto({ ...bb7, ourNumber: '12345678901' })).message).toMatch(/no máximo 10 dígitos/);
  });

  it('rejects Caixa beneficiary codes outside both ranges, and bad wallets', () => {
    for (const beneficiaryCode of ['0', '1000000', '12345678']) {
      expect(errorOf(() => buildBoleto({ ...caixa, beneficiaryCode })).field).toBe('beneficiaryCode');
    }
    expect(errorOf(() => buildBoleto({ ...caixa, wallet: '14' })).field).toBe('wallet');
  });

  it('rejects BB convênios of other sizes, zero, or missing agência/conta for the 11-digit layout', () => {
    expect(errorOf(() => buildBoleto({ ...bb7, beneficiaryCode: 12345 })).message).toMatch(/4, 6 ou 7 dígitos/);
    expect(errorOf(() => buildBoleto({ ...bb7, beneficiaryCode: '0000000' })).field).toBe('beneficiaryCode');
    const six = { ...bb7, beneficiaryCode: '123879', ourNumber: 1 };
    expect(errorOf(() => buildBoleto({ ...six, account: '61900' })).field).toBe('agency');
    expect(errorOf(() => buildBoleto({ ...six, agency: '4042' })).field).toBe('account');
    expect(errorOf(() => buildBoleto({ ...six, agency: '40421', account: '61900' })).field).toBe('agency');
    expect(errorOf(() => buildBoleto({ ...bb7, wallet: '1' })).field).toBe('wallet');
  });

  it('rejects due dates that are not calendar dates or precede fator 1000', () => {
    expect(errorOf(() => buildBoleto({ ...caixa, dueDate: '2017-02-30' })).code).toBe('DATA_INVALIDA');
    expect(errorOf(() => buildBoleto({ ...caixa, dueDate: '1999-12-31' })).code).toBe('DATA_INVALIDA');
  });
});

describe('buildBoleto — the barcode never encodes another day than the printed one (issue 23)', () => {
  const issue = '2026-11-27';
  const slip = { ...caixa, issueDate: issue };

  it('refuses 9999-12-31 (before: a barcode whose fator named a day of 2025–2049)', () => {
    expect(errorOf(() => buildBoleto({ ...caixa, dueDate: '9999-12-31' })).code).toBe('DATA_INVALIDA');
    expect(errorOf(() => buildBoleto({ ...slip, dueDate: '9999-12-31' })).field).toBe('dueDate');
  });

  it('refuses a due date the barcode read on the issue day would decode to another date', () => {
    const { first, last } = dueDateWindow(issue);
    expect(() => buildBoleto({ ...slip, dueDate: addDays(last, 1) })).toThrow(BoletoError);
    expect(() => buildBoleto({ ...slip, dueDate: addDays(first, -1) })).toThrow(BoletoError);
  });

  it('reads back, from the linha digitável, the due date it was built with, across the whole window', () => {
    const { first, last } = dueDateWindow(issue);
    for (let dueDate = first; dueDate <= last; dueDate = addDays(dueDate, 61)) {
      const built = buildBoleto({ ...slip, dueDate });
      expect(parseDigitableLine(built.digitableLine, issue).dueDate).toBe(dueDate);
    }
  });
});
