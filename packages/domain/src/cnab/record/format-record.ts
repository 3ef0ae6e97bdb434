import { CnabError } from '../cnab-error.js';
import { normalizeCnabText } from './cnab-text.js';
import type { FieldSpec } from './field-spec.js';
import type { RecordLayout } from './record-layout.js';

/**
 * Values for one record, by field name. A field with no value is written empty the FEBRABAN way
 * (zeros for numeric, money and date fields, blanks for text), which is what the manuals ask for
 * every optional field; names a layout does not have are ignored, so one value set can feed the
 * generic table and a bank's overridden one alike. A record takes several value sets (account,
 * bank defaults, the title's own values): later ones win, and none is copied or merged — merging
 * 40-field objects for every record of a 100 000-title file cost more than writing it.
 */
export type FieldValue = string | number | null | undefined;
export type FieldValues = Readonly<Record<string, FieldValue>>;

function fail(layout: RecordLayout, f: FieldSpec, message: string): never {
  throw new CnabError('ENTRADA_INVALIDA', `${layout.name}, campo ${f.name} (${f.start}-${f.end}): ${message}`, { field: f.name });
}

function digitsOf(layout: RecordLayout, f: FieldSpec, value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) fail(layout, f, `${value} não é um inteiro não negativo.`);
    return String(value);
  }
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) fail(layout, f, `"${value}" deve conter apenas dígitos.`);
  }
  return value;
}

function formatNumeric(layout: RecordLayout, f: FieldSpec, value: FieldValue): string {
  if (value === null || value === undefined || value === '') return f.empty;
  const digits = digitsOf(layout, f, value);
  if (digits.length > f.size) fail(layout, f, `"${digits}" excede ${f.size} dígitos.`);
  return digits.padStart(f.size, '0');
}

function formatAlpha(f: FieldSpec, value: FieldValue): string {
  if (value === null || value === undefined) return f.empty;
  const text = normalizeCnabText(String(value));
  // Free text longer than its field is cut, as every bank manual instructs (names, addresses).
  return text.length >= f.size ? text.slice(0, f.size) : text.padEnd(f.size, ' ');
}

const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'YYYY-MM-DD' that names a real calendar day (checked by hand: this runs for every date field). */
function isCalendarDate(v: string): boolean {
  if (v.length !== 10 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return false;
  let y = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return false;
    if (i < 4) y = y * 10 + c;
  }
  const m = (v.charCodeAt(5) - 48) * 10 + (v.charCodeAt(6) - 48);
  const d = (v.charCodeAt(8) - 48) * 10 + (v.charCodeAt(9) - 48);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return m >= 1 && m <= 12 && d >= 1 && d <= DAYS_IN_MONTH[m] && !(m === 2 && d === 29 && !leap);
}

function formatDate(layout: RecordLayout, f: FieldSpec, value: FieldValue): string {
  if (value === null || value === undefined || value === '') return f.empty;
  if (typeof value !== 'string' || !isCalendarDate(value)) fail(layout, f, `data "${String(value)}" inválida (use AAAA-MM-DD).`);
  return value.slice(8, 10) + value.slice(5, 7) + value.slice(0, 4);
}

/** 'YYYY-MM-DD' → DDMMAA; only years 2000-2099 fit the two digits. */
function formatDate6(layout: RecordLayout, f: FieldSpec, value: FieldValue): string {
  if (value === null || value === undefined || value === '') return f.empty;
  if (typeof value !== 'string' || !isCalendarDate(value) || !value.startsWith('20')) fail(layout, f, `data "${String(value)}" inválida (use AAAA-MM-DD, ano 2000 a 2099).`);
  return value.slice(8, 10) + value.slice(5, 7) + value.slice(2, 4);
}

function formatField(layout: RecordLayout, f: FieldSpec, value: FieldValue): string {
  if (f.fixed !== null) return f.fixed;
  switch (f.kind) {
    case 'numeric':
    case 'money':
      return formatNumeric(layout, f, value);
    case 'date':
      return formatDate(layout, f, value);
    case 'date6':
      return formatDate6(layout, f, value);
    case 'alpha':
      return formatAlpha(f, value);
  }
}

/** One record of exactly `layout.width` characters; each field takes its value from the last set that has one. */
export function formatRecord(layout: RecordLayout, ...valueSets: readonly FieldValues[]): string {
  let out = '';
  for (const f of layout.fields) {
    let value: FieldValue;
    if (f.fixed === null) {
      for (let i = valueSets.length - 1; i >= 0 && value === undefined; i--) value = valueSets[i][f.name];
    }
    out += formatField(layout, f, value);
  }
  return out;
}
