import type { CnabAccount, CnabFileHeader, CnabReason } from '../cnab-types.js';
import {
  FEBRABAN_MOVEMENT_CATEGORIES,
  FEBRABAN_REMESSA_KIND_CODES,
  FEBRABAN_REMESSA_MOVEMENTS,
  FEBRABAN_RETORNO_MOVEMENTS,
  type CodeTable,
  type MovementCategory,
  type RemessaKind,
} from '../codes/movement-codes.js';
import { FEBRABAN_REASON_GROUP_BY_MOVEMENT, FEBRABAN_REASONS, type ReasonGroup } from '../codes/reason-codes.js';
import { FEBRABAN_240, type Layout240 } from '../layout240/layout-240.js';
import type { FieldValues } from '../record/format-record.js';
import type { FieldSpec } from '../record/field-spec.js';
import { readText } from '../record/read-field.js';

/**
 * What a bank adds to the FEBRABAN engine: its field tables (FEBRABAN's with some ranges
 * replaced), its code tables, and — for the banks we can write files for — how its account and
 * nosso número fill those fields. Readers and writers take a profile and never test a bank code,
 * so adding a bank is adding a profile (README.md, "Adding a bank").
 */
export interface CnabBankProfile {
  readonly code: string;
  /** As written in the header's "nome do banco". */
  readonly name: string;
  readonly layout: Layout240;
  readonly retornoMovements: CodeTable;
  readonly movementCategories: Readonly<Record<string, MovementCategory>>;
  readonly remessaMovements: CodeTable;
  readonly remessaKindCodes: Readonly<Record<RemessaKind, string>>;
  readonly reasonGroupByMovement: Readonly<Record<string, ReasonGroup>>;
  readonly reasons: Readonly<Record<ReasonGroup, CodeTable>>;
  /** Splits "motivo da ocorrência" (segment T 214-223) into described codes. */
  describeReasons(movement: string, raw: string): CnabReason[];
  /** The nosso número of a segment P or T line as the bank writes it, without blanks. */
  ourNumberOf(line: string, segment: 'P' | 'T'): string;
  /** Our sequence inside a nosso número, when this bank's rules tell where it is. */
  sequenceOf(ourNumber: string, header: CnabFileHeader | null): string | null;
  /** Null for banks we only read. */
  readonly writer: CnabWriterRules | null;
  /**
   * Motivo tables of movements outside FEBRABAN's groups A/B/C (Sicredi's 27, 81/83, 84/85),
   * looked up before the groups.
   */
  readonly reasonsByMovement?: Readonly<Record<string, CodeTable>>;
  /**
   * Where a payment's fee comes from: segment T's "valor da tarifa" (FEBRABAN, the default), or
   * valor pago − valor líquido of segment U for banks that report the fee only that way (Sicredi).
   */
  readonly feeOfPayment?: 'fee-field' | 'paid-minus-net';
  /**
   * The liquidação's first motivo (FEBRABAN table C: "liquidação no banco em dinheiro",
   * "compensação eletrônica"…) is the channel the payer used: kept as the title's `channel`.
   */
  readonly settlementChannel?: boolean;
}

export interface CnabWriterRules {
  readonly fileLayoutVersion: string;
  readonly lotLayoutVersion: string;
  /** Account fields shared by headers and segment P (agência, conta, convênio, names…). */
  accountValues(account: CnabAccount, options: { retorno: boolean; testFile: boolean }): FieldValues;
  /** Bank-specific constants of segment P (carteira code, emission, espécie…). */
  segmentPDefaults(account: CnabAccount): FieldValues;
  /** The nosso-número fields of segments P and T, and the number they spell. */
  ourNumberValues(account: CnabAccount, sequence: string | number): { values: FieldValues; ourNumber: string };
  /** Whether the remessa's lot trailer carries the count and total of the titles (Caixa) or zeros (BB). */
  readonly remessaLotTotals: boolean;
}

/** Codes "00" and blanks mean "no reason"; the rest is looked up in the movement's table. */
export function splitReasonCodes(raw: string): string[] {
  const codes: string[] = [];
  for (let i = 0; i + 2 <= raw.length; i += 2) {
    const code = raw.slice(i, i + 2);
    if (code !== '00' && code !== '  ' && code.trim() !== '') codes.push(code.trim());
  }
  return codes;
}

export function describeWithTables(
  profile: Pick<CnabBankProfile, 'reasonGroupByMovement' | 'reasons' | 'reasonsByMovement'>,
  movement: string,
  raw: string,
): CnabReason[] {
  const codes = splitReasonCodes(raw);
  if (codes.length === 0) return [];
  const own = profile.reasonsByMovement?.[movement];
  if (own) return codes.map((code) => ({ code, description: own[code] ?? `Motivo ${code} não catalogado` }));
  const group = profile.reasonGroupByMovement[movement];
  const table = group ? profile.reasons[group] : undefined;
  return codes.map((code) => ({
    code,
    description: table?.[code] ?? (group ? `Motivo ${code} não catalogado` : `Motivo ${code} (movimento ${movement} sem tabela de motivos)`),
  }));
}

export interface ProfileParts {
  code: string;
  name: string;
  layout?: Layout240;
  retornoMovements?: CodeTable;
  movementCategories?: Readonly<Record<string, MovementCategory>>;
  remessaKindCodes?: Readonly<Record<RemessaKind, string>>;
  reasons?: Partial<Record<ReasonGroup, CodeTable>>;
  describeReasons?: CnabBankProfile['describeReasons'];
  ourNumberFields?: { P: readonly string[]; T: readonly string[] };
  sequenceOf?: CnabBankProfile['sequenceOf'];
  writer?: CnabWriterRules | null;
  reasonsByMovement?: CnabBankProfile['reasonsByMovement'];
  feeOfPayment?: CnabBankProfile['feeOfPayment'];
  settlementChannel?: boolean;
}

/**
 * A profile from FEBRABAN defaults plus a bank's differences. Code tables are merged (the bank's
 * entries win), so a bank lists only the codes its manual adds or words differently.
 */
/**
 * The trimmed texts of `fields` joined. Adjacent fields with no blank anywhere (Caixa's modalidade +
 * nosso número as banks write them) are the same characters in one run: one slice of the line,
 * without building the parts.
 */
function joinedText(line: string, fields: readonly FieldSpec[]): string {
  if (fields.length === 1) return readText(line, fields[0]);
  let adjacent = true;
  for (let i = 1; i < fields.length && adjacent; i++) adjacent = fields[i].start === fields[i - 1].end + 1;
  if (adjacent) {
    const start = fields[0].offset;
    const end = fields[fields.length - 1].offset + fields[fields.length - 1].size;
    let i = start;
    while (i < end && line.charCodeAt(i) !== 32) i++;
    if (i === end) return line.slice(start, end);
  }
  return fields.map((f) => readText(line, f)).join('');
}

export function makeProfile(parts: ProfileParts): CnabBankProfile {
  const layout = parts.layout ?? FEBRABAN_240;
  const reasons: Record<ReasonGroup, CodeTable> = {
    rejeicao: { ...FEBRABAN_REASONS.rejeicao, ...parts.reasons?.rejeicao },
    tarifa: { ...FEBRABAN_REASONS.tarifa, ...parts.reasons?.tarifa },
    liquidacao: { ...FEBRABAN_REASONS.liquidacao, ...parts.reasons?.liquidacao },
  };
  const fieldsP = (parts.ourNumberFields?.P ?? ['nossoNumero']).map((n) => layout.segmentP.field(n));
  const fieldsT = (parts.ourNumberFields?.T ?? ['nossoNumero']).map((n) => layout.segmentT.field(n));
  const profile: CnabBankProfile = {
    code: parts.code,
    name: parts.name,
    layout,
    retornoMovements: { ...FEBRABAN_RETORNO_MOVEMENTS, ...parts.retornoMovements },
    movementCategories: { ...FEBRABAN_MOVEMENT_CATEGORIES, ...parts.movementCategories },
    remessaMovements: FEBRABAN_REMESSA_MOVEMENTS,
    remessaKindCodes: parts.remessaKindCodes ?? FEBRABAN_REMESSA_KIND_CODES,
    reasonGroupByMovement: FEBRABAN_REASON_GROUP_BY_MOVEMENT,
    reasons,
    describeReasons: parts.describeReasons ?? ((movement, raw) => describeWithTables(profile, movement, raw)),
    ourNumberOf: (line, segment) => joinedText(line, segment === 'P' ? fieldsP : fieldsT),
    sequenceOf: parts.sequenceOf ?? (() => null),
    writer: parts.writer ?? null,
    reasonsByMovement: parts.reasonsByMovement,
    feeOfPayment: parts.feeOfPayment ?? 'fee-field',
    settlementChannel: parts.settlementChannel ?? false,
  };
  return profile;
}
