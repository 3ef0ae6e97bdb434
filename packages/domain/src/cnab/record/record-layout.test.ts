import { describe, expect, it } from 'vitest';
import { CNAB_BANK_PROFILES, cnabProfile } from '../banks/cnab-profiles.js';
import { CnabError } from '../cnab-error.js';
import { FEBRABAN_240 } from '../layout240/layout-240.js';
import { decimalTextToUnits, normalizeCnabText, unitsToDecimalText } from './cnab-text.js';
import { alpha, blanks, date, fixed, money, num } from './field-spec.js';
import { formatRecord } from './format-record.js';
import { FieldFormatError, readDate, readDigits, readText, readUnits } from './read-field.js';
import { defineRecord, overrideRecord, type RecordLayout } from './record-layout.js';

describe('field tables', () => {
  const layouts = [FEBRABAN_240, ...Object.values(CNAB_BANK_PROFILES).map((p) => p.layout)];

  it('cover 240 positions exactly in every record of every profile (checked when defined)', () => {
    for (const { remessa, ...records } of layouts) {
      // a bank's remessa variants of the frame records (Santander) are checked too
      for (const record of [...Object.values(records), ...Object.values(remessa ?? {})] as RecordLayout[]) {
        const covered = record.fields.reduce((sum, f) => sum + f.size, 0);
        expect(covered, record.name).toBe(240);
        expect(record.fields[0].start).toBe(1);
      }
    }
  });

  it('refuse a gap, an overlap, a size that disagrees with the positions and a half-replaced field', () => {
    expect(() => defineRecord('x', 10, [num('a', 1, 3, 3), alpha('b', 5, 10, 6)])).toThrow(/posições 4-4 sem campo/);
    expect(() => defineRecord('x', 10, [num('a', 1, 5, 5), alpha('b', 5, 10, 6)])).toThrow(/sobrepõe/);
    expect(() => num('a', 1, 3, 4)).toThrow(CnabError);
    expect(() => defineRecord('x', 10, [num('a', 1, 5, 5)])).toThrow(/cobrem até 5/);
    const base = defineRecord('x', 10, [num('a', 1, 5, 5), alpha('b', 6, 10, 5)]);
    expect(() => overrideRecord(base, 'y', [num('c', 1, 3, 3)])).toThrow(/posições 4-5 sem campo/);
    expect(overrideRecord(base, 'y', [num('c', 1, 3, 3), blanks(4, 5)]).fields.map((f) => f.name)).toEqual(['c', 'brancos4', 'b']);
  });

  it('give unknown banks the FEBRABAN tables under their own code', () => {
    expect(cnabProfile('097').layout).toBe(FEBRABAN_240);
    expect(cnabProfile('097').code).toBe('097');
    expect(cnabProfile('104')).toBe(CNAB_BANK_PROFILES['104']);
  });
});

describe('formatRecord', () => {
  const layout = defineRecord('teste', 40, [
    fixed('tipo', 1, 1, '3'),
    num('numero', 2, 6, 5),
    alpha('nome', 7, 16, 10),
    date('data', 17, 24),
    money('valor', 25, 34, 10),
    blanks(35, 40),
  ]);

  it('pads numbers with zeros on the left, text with blanks on the right, dates as DDMMAAAA', () => {
    expect(formatRecord(layout, { numero: 42, nome: 'Ana', data: '2024-02-29', valor: 123_45 })).toBe('300042ANA       290220240000012345      ');
  });

  it('writes absent values as zeros and blanks, and takes each value from the last set that has it', () => {
    expect(formatRecord(layout, {})).toBe('300000          000000000000000000      ');
    expect(formatRecord(layout, { numero: 1, nome: 'A' }, { nome: 'B' }).slice(0, 7)).toBe('300001B');
  });

  it('cuts text that is too long but refuses numbers and dates that do not fit', () => {
    expect(formatRecord(layout, { nome: 'Maximiliano Albuquerque' }).slice(6, 16)).toBe('MAXIMILIAN');
    expect(() => formatRecord(layout, { numero: 123_456 })).toThrow(expect.objectContaining({ code: 'ENTRADA_INVALIDA', field: 'numero' }));
    expect(() => formatRecord(layout, { numero: '12a' })).toThrow(/apenas dígitos/);
    expect(() => formatRecord(layout, { numero: -1 })).toThrow(/não negativo/);
    expect(() => formatRecord(layout, { data: '2023-02-29' })).toThrow(/data "2023-02-29" inválida/);
    expect(() => formatRecord(layout, { data: '29/02/2024' })).toThrow(CnabError);
  });
});

describe('normalizeCnabText', () => {
  it.each([
    ['José da Conceição', 'JOSE DA CONCEICAO'],
    ['Rua São João, nº 7 — 2º andar', 'RUA SAO JOAO, NO 7 2O ANDAR'],
    ['  ÁGUA   VERDE  ', 'AGUA VERDE'],
    ['cobranca@credisis.com.br', 'COBRANCA@CREDISIS.COM.BR'],
    ['ÆØ straße', 'STRASSE'],
    ['ALREADY CLEAN 123', 'ALREADY CLEAN 123'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeCnabText(input)).toBe(expected);
  });
});

describe('percent text', () => {
  it('converts "2" and "0.33" to hundredths and back to the shortest text', () => {
    expect(decimalTextToUnits('2', 2)).toBe(200);
    expect(decimalTextToUnits('0,33', 2)).toBe(33);
    expect(decimalTextToUnits('0.333', 2)).toBeNull();
    expect([200, 33, 250, 0].map((u) => unitsToDecimalText(u, 2))).toEqual(['2', '0.33', '2.5', '0']);
  });
});

describe('field readers', () => {
  const f = money('valor', 3, 8, 6);
  const d = date('data', 1, 8);

  it('read integers from digits, blank as zero, tolerating blanks around them', () => {
    expect(readUnits('xx001234', f)).toBe(1234);
    expect(readUnits('xx      ', f)).toBe(0);
    expect(readUnits('xx 1234 ', f)).toBe(1234);
    expect(() => readUnits('xx12 34x', f)).toThrow(FieldFormatError);
    expect(readDigits('xx 0123 ', f)).toBe('0123');
    expect(readText('xx  AB  ', f)).toBe('AB');
  });

  it('read DDMMAAAA dates, zeros or blanks as null, and refuse impossible days', () => {
    expect(readDate('29022024', d)).toBe('2024-02-29');
    expect(readDate('00000000', d)).toBeNull();
    expect(readDate('        ', d)).toBeNull();
    expect(() => readDate('29022023', d)).toThrow(/deveria ser uma data válida, mas contém "29022023"/);
    expect(() => readDate('3101202A', d)).toThrow(/DDMMAAAA/);
  });
});
