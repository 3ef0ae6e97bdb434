import { describe, expect, it } from 'vitest';
import { BoletoError } from './boleto-error.js';
import { encodeInterleaved2of5, interleaved2of5Widths } from './interleaved-2of5.js';

const BARCODE = '00196758600001026560000001149718606852452211';
const n = (bar: boolean) => ({ bar, wide: false });
const w = (bar: boolean) => ({ bar, wide: true });

describe('Interleaved 2 of 5', () => {
  it('starts with narrow bar, narrow space, narrow bar, narrow space and stops with wide bar, narrow space, narrow bar', () => {
    const els = encodeInterleaved2of5(BARCODE);
    expect(els.slice(0, 4)).toEqual([n(true), n(false), n(true), n(false)]);
    expect(els.slice(-3)).toEqual([w(true), n(false), n(true)]);
  });

  it('draws the first digit of a pair in bars and the second in spaces ("01")', () => {
    // 0 = nnwwn (bars), 1 = wnnnw (spaces), interleaved bar/space/bar/space…
    expect(encodeInterleaved2of5('01').slice(4, 14)).toEqual([
      n(true), w(false), n(true), n(false), w(true), n(false), w(true), n(false), n(true), w(false),
    ]);
  });

  it('yields 227 alternating elements for 44 digits, two wide bars and two wide spaces per pair', () => {
    const els = encodeInterleaved2of5(BARCODE);
    expect(els).toHaveLength(4 + 22 * 10 + 3);
    els.forEach((e, i) => expect(e.bar).toBe(i % 2 === 0));
    for (let p = 0; p < 22; p++) {
      const pair = els.slice(4 + p * 10, 14 + p * 10);
      expect(pair.filter((e) => e.bar && e.wide)).toHaveLength(2);
      expect(pair.filter((e) => !e.bar && e.wide)).toHaveLength(2);
    }
  });

  it('gives widths in modules with a 3:1 default ratio', () => {
    expect(interleaved2of5Widths('01').slice(0, 8)).toEqual([1, 1, 1, 1, 1, 3, 1, 1]);
    expect(interleaved2of5Widths('01', { narrow: 2, wide: 5 }).slice(-3)).toEqual([5, 2, 2]);
    // 44 digits: 22 pairs × (6 narrow + 4 wide) + start 4 + stop (3+1+1) = 22×18 + 4 + 5 modules
    expect(interleaved2of5Widths(BARCODE).reduce((a, b) => a + b, 0)).toBe(22 * 18 + 4 + 5);
  });

  it('refuses an odd number of digits or non-digits', () => {
    expect(() => encodeInterleaved2of5('123')).toThrow(BoletoError);
    expect(() => encodeInterleaved2of5('12a4')).toThrow(BoletoError);
  });
});
