import type { FieldSpec } from './field-spec.js';
import { cnabFieldLabel } from './field-labels.js';

/**
 * Field readers for the hot path of a retorno: they walk character codes of the (latin1) line
 * instead of slicing, trimming and parsing, so a title costs a few dozen integer operations and
 * the strings it keeps. Money is built from its digits as an integer: no parseFloat, no rounding.
 *
 * Tolerance: a field left blank reads as empty (0, '' or null); blanks around digits are allowed
 * (some banks left-align numbers). Anything else throws FieldFormatError, which the file readers
 * turn into a warning naming the line.
 */
export class FieldFormatError extends Error {
  readonly fieldName: string;
  readonly raw: string;

  /**
   * `what` completes the sentence "o campo <label> (posições a a b) …", e.g. "deveria conter só
   * números". The message names the field as the manuals do, never by its identifier (issue 25).
   */
  constructor(field: FieldSpec, raw: string, what: string) {
    super(`o campo ${cnabFieldLabel(field.name)} (posições ${field.start} a ${field.end}) ${what}, mas contém "${raw}".`);
    this.name = 'FieldFormatError';
    this.fieldName = field.name;
    this.raw = raw;
  }
}

const SPACE = 32;

/** The field as it stands, untrimmed. */
export function readRaw(line: string, f: FieldSpec): string {
  return line.slice(f.offset, f.offset + f.size);
}

/** Text without the blanks around it. */
export function readText(line: string, f: FieldSpec): string {
  let a = f.offset;
  let b = f.offset + f.size;
  while (a < b && line.charCodeAt(a) === SPACE) a++;
  while (b > a && line.charCodeAt(b - 1) === SPACE) b--;
  return a === b ? '' : line.slice(a, b);
}

/** A non-negative integer (or money in units); blank → 0. */
export function readUnits(line: string, f: FieldSpec): number {
  let i = f.offset;
  const end = f.offset + f.size;
  while (i < end && line.charCodeAt(i) === SPACE) i++;
  let value = 0;
  for (; i < end; i++) {
    const c = line.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    value = value * 10 + c;
  }
  for (; i < end; i++) {
    if (line.charCodeAt(i) !== SPACE) throw new FieldFormatError(f, readRaw(line, f), 'deveria conter só números');
  }
  return value;
}

/** Digits kept as text (leading zeros matter in documents and nosso número); blank → ''. */
export function readDigits(line: string, f: FieldSpec): string {
  const text = readText(line, f);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) throw new FieldFormatError(f, readRaw(line, f), 'deveria conter só números');
  }
  return text;
}

/** '00'..'99', so a two-digit code read per line (the movement) is one shared string, not a new one. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** A two-position code of digits ('06'); anything else is read as readDigits reads it. */
export function readCode2(line: string, f: FieldSpec): string {
  if (f.size === 2) {
    const a = line.charCodeAt(f.offset) - 48;
    const b = line.charCodeAt(f.offset + 1) - 48;
    if (a >= 0 && a <= 9 && b >= 0 && b <= 9) return TWO_DIGITS[a * 10 + b];
  }
  return readDigits(line, f);
}

const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The ISO text of the dates read so far (a retorno carries a handful of distinct dates over
 * millions of lines): one shared string per date instead of a new one per field. Bounded.
 */
const isoDates = new Map<number, string>();
const MAX_CACHED_DATES = 4096;

/** DDMMAAAA → 'YYYY-MM-DD'; zeros or blanks → null (the manuals' "no date"). */
export function readDate(line: string, f: FieldSpec): string | null {
  const o = f.offset;
  let empty = true;
  for (let i = 0; i < 8 && empty; i++) {
    const code = line.charCodeAt(o + i);
    empty = code === SPACE || code === 48;
  }
  if (empty) return null;
  let d = 0;
  let m = 0;
  let y = 0;
  for (let i = 0; i < 8; i++) {
    const c = line.charCodeAt(o + i) - 48;
    if (c < 0 || c > 9) throw new FieldFormatError(f, readRaw(line, f), 'deveria ser uma data DDMMAAAA');
    if (i < 2) d = d * 10 + c;
    else if (i < 4) m = m * 10 + c;
    else y = y * 10 + c;
  }
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m] || (m === 2 && d === 29 && !leap) || y < 1900) {
    throw new FieldFormatError(f, readRaw(line, f), 'deveria ser uma data válida');
  }
  const key = y * 10000 + m * 100 + d;
  let iso = isoDates.get(key);
  if (iso === undefined) {
    iso = line.slice(o + 4, o + 8) + '-' + line.slice(o + 2, o + 4) + '-' + line.slice(o, o + 2);
    if (isoDates.size < MAX_CACHED_DATES) isoDates.set(key, iso);
  }
  return iso;
}

/** DDMMAA → '20AA-MM-DD' (CNAB 400); zeros or blanks → null. Shares readDate's cache of ISO texts. */
export function readDate6(line: string, f: FieldSpec): string | null {
  const o = f.offset;
  let empty = true;
  for (let i = 0; i < 6 && empty; i++) {
    const code = line.charCodeAt(o + i);
    empty = code === SPACE || code === 48;
  }
  if (empty) return null;
  let d = 0;
  let m = 0;
  let y = 2000;
  let yy = 0;
  for (let i = 0; i < 6; i++) {
    const c = line.charCodeAt(o + i) - 48;
    if (c < 0 || c > 9) throw new FieldFormatError(f, readRaw(line, f), 'deveria ser uma data DDMMAA');
    if (i < 2) d = d * 10 + c;
    else if (i < 4) m = m * 10 + c;
    else yy = yy * 10 + c;
  }
  y += yy;
  const leap = y % 4 === 0;
  if (m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m] || (m === 2 && d === 29 && !leap)) {
    throw new FieldFormatError(f, readRaw(line, f), 'deveria ser uma data válida');
  }
  const key = y * 10000 + m * 100 + d;
  let iso = isoDates.get(key);
  if (iso === undefined) {
    iso = String(y) + '-' + line.slice(o + 2, o + 4) + '-' + line.slice(o, o + 2);
    if (isoDates.size < MAX_CACHED_DATES) isoDates.set(key, iso);
  }
  return iso;
}
