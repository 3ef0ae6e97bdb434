import { BoletoError } from './boleto-error.js';

/**
 * Interleaved 2 of 5 (ITF), the symbology FEBRABAN mandates for the boleto barcode. Each digit is
 * five elements, two of them wide; digits go in pairs, the first drawn by the five bars and the
 * second by the five spaces between them. Output is a list of elements, not pixels, so the PDF
 * renderer draws exact vector rectangles at whatever module width it picks.
 */

export interface BarElement {
  /** true = dark bar, false = light space. Elements always alternate, starting with a bar. */
  bar: boolean;
  wide: boolean;
}

/** n = narrow, w = wide, per digit 0..9 (the standard ITF table). */
const DIGIT_PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
/** Start: narrow bar, narrow space, narrow bar, narrow space. Stop: wide bar, narrow space, narrow bar. */
const START = 'nnnn';
const STOP = 'wnn';

function elements(pattern: string, firstIsBar: boolean): BarElement[] {
  return [...pattern].map((c, i) => ({ bar: i % 2 === 0 ? firstIsBar : !firstIsBar, wide: c === 'w' }));
}

/** Digits (even count; a boleto's 44) → start, interleaved pairs, stop. */
export function encodeInterleaved2of5(digits: string): BarElement[] {
  if (typeof digits !== 'string' || !/^(\d\d)+$/.test(digits)) {
    throw new BoletoError('ENTRADA_INVALIDA', 'Interleaved 2 of 5 exige uma quantidade par de dígitos.', 'barcode');
  }
  const out = elements(START, true);
  for (let i = 0; i < digits.length; i += 2) {
    const bars = DIGIT_PATTERNS[Number(digits[i])];
    const spaces = DIGIT_PATTERNS[Number(digits[i + 1])];
    for (let k = 0; k < 5; k++) {
      out.push({ bar: true, wide: bars[k] === 'w' });
      out.push({ bar: false, wide: spaces[k] === 'w' });
    }
  }
  out.push(...elements(STOP, true));
  return out;
}

/**
 * The same elements as widths in module units, starting with a bar. FEBRABAN allows a wide:narrow
 * ratio of 2:1 to 3:1; 3 is the default because it reads best on laser-printed slips.
 */
export function interleaved2of5Widths(digits: string, options: { narrow?: number; wide?: number } = {}): number[] {
  const narrow = options.narrow ?? 1;
  const wide = options.wide ?? 3;
  return encodeInterleaved2of5(digits).map((e) => (e.wide ? wide : narrow));
}
