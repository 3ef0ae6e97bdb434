import { CnabError } from '../cnab-error.js';
import type { FieldSpec } from './field-spec.js';

/**
 * A record's field table, checked once when the module loads: the fields must cover positions
 * 1..width exactly once, in order, with unique names. Every reader and writer goes through a
 * layout, so a bank that differs from FEBRABAN is a list of replaced fields, never new slicing code.
 */
export interface RecordLayout {
  /** e.g. "104 segmento P", used in error messages. */
  readonly name: string;
  /** 240 for CNAB 240 (400 when CNAB 400 comes). */
  readonly width: number;
  readonly fields: readonly FieldSpec[];
  /** The field called `name`; throws LAYOUT_INVALIDO when the table has none. */
  field(name: string): FieldSpec;
  has(name: string): boolean;
}

export function defineRecord(name: string, width: number, fields: readonly FieldSpec[]): RecordLayout {
  const byName = new Map<string, FieldSpec>();
  let next = 1;
  for (const f of fields) {
    if (f.start !== next) {
      const what = f.start > next ? `posições ${next}-${f.start - 1} sem campo` : `campo ${f.name} sobrepõe a posição ${f.start}`;
      throw new CnabError('LAYOUT_INVALIDO', `${name}: ${what}.`, { field: f.name });
    }
    if (byName.has(f.name)) throw new CnabError('LAYOUT_INVALIDO', `${name}: campo ${f.name} repetido.`, { field: f.name });
    byName.set(f.name, f);
    next = f.end + 1;
  }
  if (next !== width + 1) {
    throw new CnabError('LAYOUT_INVALIDO', `${name}: os campos cobrem até ${next - 1}, o registro tem ${width} posições.`);
  }
  const frozen = Object.freeze([...fields]);
  return {
    name,
    width,
    fields: frozen,
    field(fieldName: string): FieldSpec {
      const f = byName.get(fieldName);
      if (!f) throw new CnabError('LAYOUT_INVALIDO', `${name}: não há campo ${fieldName}.`, { field: fieldName });
      return f;
    },
    has: (fieldName: string) => byName.has(fieldName),
  };
}

/**
 * A bank's version of a FEBRABAN record: every base field that overlaps a replacement is dropped
 * and the replacements take their place. The replacements must cover the dropped ranges exactly
 * (defineRecord checks), so a half-replaced field is caught when the module loads.
 */
export function overrideRecord(base: RecordLayout, name: string, replacements: readonly FieldSpec[]): RecordLayout {
  const overlaps = (f: FieldSpec) => replacements.some((r) => r.start <= f.end && f.start <= r.end);
  const merged = [...base.fields.filter((f) => !overlaps(f)), ...replacements].sort((a, b) => a.start - b.start);
  return defineRecord(name, base.width, merged);
}
