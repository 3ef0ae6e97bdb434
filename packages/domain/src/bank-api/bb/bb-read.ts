import type { IsoDate } from '../../dates/calendar.js';
import type { Cents } from '../../money/cents.js';
import { BbFormatError, type BbFormatErrorCode } from './bb-error.js';
import { parseBbDate, parseBbMoney } from './bb-values.js';

/**
 * Small readers over an untyped JSON object, shared by the response and webhook parsers: each one
 * answers the documented type or null when the field is absent, and throws BbFormatError (with the
 * field's name) when it is present but not what BB documents.
 */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class BbReader {
  constructor(
    private readonly obj: JsonObject,
    private readonly code: BbFormatErrorCode,
    private readonly where: string,
  ) {}

  private fail(field: string, what: string): never {
    throw new BbFormatError(this.code, `${this.where}: o campo ${field} ${what}.`, field);
  }

  private present(field: string): unknown {
    const v = this.obj[field];
    return v === null || v === undefined || v === '' ? undefined : v;
  }

  text(field: string): string | null {
    const v = this.present(field);
    if (v === undefined) return null;
    if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return this.fail(field, 'não é texto');
  }

  requiredText(field: string): string {
    return this.text(field) ?? this.fail(field, 'é obrigatório');
  }

  /** Digits, whether BB sent a number (leading zeros lost) or a string; padded to `width`. */
  digits(field: string, width = 0): string | null {
    const t = this.text(field);
    if (t === null) return null;
    if (!/^\d+$/.test(t)) return this.fail(field, 'deve ter só dígitos');
    return t.padStart(width, '0');
  }

  integer(field: string): number | null {
    const v = this.present(field);
    if (v === undefined) return null;
    const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return this.fail(field, 'deve ser um número inteiro');
    return n;
  }

  requiredInteger(field: string): number {
    return this.integer(field) ?? this.fail(field, 'é obrigatório');
  }

  date(field: string): IsoDate | null {
    const t = this.text(field);
    if (t === null) return null;
    return parseBbDate(t) ?? this.fail(field, 'não é uma data dd.mm.aaaa');
  }

  money(field: string): Cents | null {
    try {
      return parseBbMoney(this.present(field));
    } catch {
      return this.fail(field, 'não é um valor com até duas casas decimais');
    }
  }
}
