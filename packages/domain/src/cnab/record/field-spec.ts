import { CnabError } from '../cnab-error.js';

/**
 * One row of a FEBRABAN field table: the manuals list every field as name, "De/Até" positions
 * (1-based, inclusive), "Nº de dígitos" and picture (9 = numeric, X = alphanumeric). Tables in this
 * module are written in that same form so they can be checked against a manual line by line.
 *
 * - numeric: digits, zero-padded on the left (9(n));
 * - alpha: text, blank-padded on the right, written uppercase without accents (X(n));
 * - date: DDMMAAAA, zeros when absent; date6: DDMMAA (CNAB 400), zeros when absent;
 * - money: integer in units of 10^-decimals (centavos for decimals = 2), zero-padded (9(n)V9(d));
 * - a fixed field always holds the same text (record type, segment letter, reserved blanks/zeros).
 */
export type FieldKind = 'numeric' | 'alpha' | 'date' | 'date6' | 'money';

export interface FieldSpec {
  readonly name: string;
  /** 1-based first position, as printed in the manuals. */
  readonly start: number;
  /** 1-based last position (inclusive). */
  readonly end: number;
  readonly size: number;
  readonly kind: FieldKind;
  /** Implied decimals of a money field; 0 for the other kinds. */
  readonly decimals: number;
  /** Constant content, already of `size` characters, or null for a data field. */
  readonly fixed: string | null;
  /** 0-based offset of the first character, for the readers (start − 1). */
  readonly offset: number;
  /** What an absent value is written as: the constant, zeros (9 fields) or blanks (X fields). */
  readonly empty: string;
}

function spec(name: string, start: number, end: number, size: number, kind: FieldKind, decimals = 0, fixed: string | null = null): FieldSpec {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start) {
    throw new CnabError('LAYOUT_INVALIDO', `Campo ${name}: posições ${start}-${end} inválidas.`, { field: name });
  }
  // The manuals give both the positions and the size; a table that disagrees with itself is a typo.
  if (end - start + 1 !== size) {
    throw new CnabError('LAYOUT_INVALIDO', `Campo ${name}: ${start}-${end} não tem ${size} posições.`, { field: name });
  }
  if (fixed !== null && fixed.length !== size) {
    throw new CnabError('LAYOUT_INVALIDO', `Campo ${name}: constante "${fixed}" não tem ${size} posições.`, { field: name });
  }
  const empty = fixed ?? (kind === 'alpha' ? ' ' : '0').repeat(size);
  return { name, start, end, size, kind, decimals, fixed, offset: start - 1, empty };
}

/** 9(n): digits, zeros on the left. */
export function num(name: string, start: number, end: number, size: number): FieldSpec {
  return spec(name, start, end, size, 'numeric');
}

/** X(n): text, blanks on the right. */
export function alpha(name: string, start: number, end: number, size: number): FieldSpec {
  return spec(name, start, end, size, 'alpha');
}

/** 9(8) DDMMAAAA. */
export function date(name: string, start: number, end: number): FieldSpec {
  return spec(name, start, end, 8, 'date');
}

/**
 * 9(6) DDMMAA, the CNAB 400 manuals' dates. The two-digit year is read as 20AA (files of the
 * 1990s are not read any more; a boleto's due date cannot be before 1997 anyway).
 */
export function date6(name: string, start: number, end: number): FieldSpec {
  return spec(name, start, end, 6, 'date6');
}

/** 9(n)V9(decimals): an integer count of 10^-decimals units (centavos by default). */
export function money(name: string, start: number, end: number, size: number, decimals = 2): FieldSpec {
  return spec(name, start, end, size, 'money', decimals);
}

/** A constant of exactly the field's size (record type '3', segment 'P', version '050'…). */
export function fixed(name: string, start: number, end: number, value: string): FieldSpec {
  return spec(name, start, end, value.length, 'alpha', 0, value);
}

/** "Uso exclusivo FEBRABAN/CNAB" and other reserved ranges written as blanks. */
export function blanks(start: number, end: number): FieldSpec {
  return fixed(`brancos${start}`, start, end, ' '.repeat(end - start + 1));
}

/** Reserved ranges a bank wants filled with zeros ("Uso exclusivo CAIXA" and the like). */
export function zeros(start: number, end: number): FieldSpec {
  return fixed(`zeros${start}`, start, end, '0'.repeat(end - start + 1));
}
