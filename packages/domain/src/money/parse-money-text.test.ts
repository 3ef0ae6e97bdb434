import { describe, expect, it } from 'vitest';
import { formatMoneyWhileTyping, MONEY_TEXT_MSG, parseMoneyText } from './parse-money-text.js';

const cents = (text: string, max?: number) => parseMoneyText(text, max);

describe('parseMoneyText', () => {
  it.each([
    ['1.000,00', 100_000],
    ['1000,00', 100_000],
    ['1000', 100_000],
    ['R$ 1.000,00', 100_000],
    ['R$\u00a01.000,00', 100_000],
    ['1000.50', 100_050],
    ['1.234.567,89', 123_456_789],
    ['5.000,00', 500_000],
    ['1.000', 100_000],
    ['1.000.000', 100_000_000],
    ['1.000.5', 100_050],
    ['12,5', 1_250],
    [',5', 50],
    ['0,07', 7],
    ['1.000,', 100_000],
    ['1.000.', 100_000],
  ])('reads %s as %i centavos, never the thousands dot as a decimal point', (text, expected) => {
    expect(cents(text)).toEqual({ kind: 'ok', cents: expected });
  });

  it('reads blank text (or the prefix alone) as empty', () => {
    expect(cents('')).toEqual({ kind: 'empty' });
    expect(cents('  R$ ')).toEqual({ kind: 'empty' });
  });

  it('refuses more than two decimals, negatives, letters and two commas with a message', () => {
    expect(cents('10,505')).toEqual({ kind: 'error', message: MONEY_TEXT_MSG.decimals });
    expect(cents('-5,00')).toEqual({ kind: 'error', message: MONEY_TEXT_MSG.negative });
    expect(cents('12a')).toEqual({ kind: 'error', message: MONEY_TEXT_MSG.invalid });
    expect(cents('1,2,3')).toEqual({ kind: 'error', message: MONEY_TEXT_MSG.invalid });
    expect(cents('1,2.3')).toEqual({ kind: 'error', message: MONEY_TEXT_MSG.invalid });
  });

  it("refuses a value beyond the field's limit, naming the limit", () => {
    expect(cents('100,00', 10_000)).toEqual({ kind: 'ok', cents: 10_000 });
    expect(cents('100,01', 10_000)).toEqual({ kind: 'error', message: 'O valor máximo é R$ 100,00.' });
    expect(cents('99999999999999999999')).toEqual({ kind: 'error', message: 'O valor máximo é R$ 999.999.999.999,99.' });
  });
});

describe('formatMoneyWhileTyping', () => {
  it('regroups the integer as the operator types 1.000,00 key by key, keeping an ambiguous dot as typed', () => {
    const shown: string[] = [];
    let text = '';
    for (const key of '1.000,00') {
      text = formatMoneyWhileTyping(text + key);
      shown.push(text);
    }
    expect(shown).toEqual(['R$ 1', 'R$ 1.', 'R$ 1.0', 'R$ 1.00', 'R$ 1.000', 'R$ 1.000,', 'R$ 1.000,0', 'R$ 1.000,00']);
  });

  it('adds thousands dots to digits typed without them', () => {
    const shown: string[] = [];
    let text = '';
    for (const key of '1234567,8') {
      text = formatMoneyWhileTyping(text + key);
      shown.push(text);
    }
    expect(shown.at(-1)).toBe('R$ 1.234.567,8');
    expect(shown[3]).toBe('R$ 1.234');
  });

  it('formats a paste and leaves text that is not an amount for the caller to refuse', () => {
    expect(formatMoneyWhileTyping('R$ 1.000,00')).toBe('R$ 1.000,00');
    expect(formatMoneyWhileTyping('1000.50')).toBe('R$ 1.000.50');
    expect(formatMoneyWhileTyping('abc')).toBe('abc');
    expect(formatMoneyWhileTyping('')).toBe('');
  });
});
