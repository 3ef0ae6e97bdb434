import type { IsoDate } from '../../dates/calendar.js';
import type { CnabAccount, CnabFileHeader, CnabFine, CnabPayer, CnabReason } from '../cnab-types.js';
import type { CodeTable, MovementCategory, RemessaKind } from '../codes/movement-codes.js';
import type { Layout400 } from '../layout400/layout-400.js';
import type { FieldValues } from '../record/format-record.js';

/**
 * A bank's CNAB 400 Cobrança: its field tables (Layout400) and code tables, as data. The reader and
 * writer (read/cnab400-reader.ts, write/write-cnab400.ts) take a profile and never test a bank
 * code; field names are shared by every bank's tables (`codigoOcorrencia`, `nossoNumero`,
 * `valorTitulo`…), and a field a bank does not have is simply absent from its table.
 *
 * Money a retorno reports differs by bank: Itaú gives the value credited ("valor principal",
 * `valorLiquido`) and the fee, Bradesco and Santander the value paid (`valorPago`) and the fee.
 * The missing one is derived (paid = credited + fee; credited = paid − fee), so a title always
 * carries valor pago, tarifa and líquido apart.
 */
export interface CnabBankProfile400 {
  readonly code: string;
  readonly name: string;
  readonly layout: Layout400;
  /** "Código de ocorrência" of the retorno, as the manual words it. */
  readonly retornoMovements: CodeTable;
  readonly movementCategories: Readonly<Record<string, MovementCategory>>;
  readonly remessaMovements: CodeTable;
  readonly remessaKindCodes: Readonly<Record<RemessaKind, string>>;
  /** Motivos of the retorno's reason field, by the movement they explain (movements absent: no table). */
  readonly reasonTables: Readonly<Record<string, CodeTable>>;
  /** Characters per motivo code in the reason field (2 for Itaú and Bradesco). */
  readonly reasonCodeSize: number;
  /** The payment channel's codes (Itaú "código de liquidação" 393-394, Bradesco "canal" 302-304…). */
  readonly channels: CodeTable;
  /** The nosso número of a detail line as the bank writes it (trimmed), remessa or retorno. */
  ourNumberOf(line: string, detail: 'remessa' | 'retorno'): string;
  /** Our sequence inside it (boleto.nosso_numero), or null. */
  sequenceOf(ourNumber: string, header: CnabFileHeader | null): string | null;
  /** The beneficiary as the header identifies it (conta, código da empresa…), for account matching. */
  beneficiaryOf(header: { agency: string; account: string; code: string }): string;
  readonly writer: CnabWriterRules400 | null;
}

export interface CnabWriterRules400 {
  /** Fields shared by header and details (agência, conta, DAC, empresa…). */
  accountValues(account: CnabAccount): FieldValues;
  /** Constants of the remessa detail (carteira, espécie, aceite, instruções…). */
  detailDefaults(account: CnabAccount): FieldValues;
  /** The nosso-número fields of remessa and retorno details and the number they spell. */
  ourNumberValues(account: CnabAccount, sequence: string | number): { values: FieldValues; ourNumber: string };
  /** The payer's fields the bank words its own way (Bradesco's one "endereço completo"), over the common ones. */
  payerValues?(payer: CnabPayer): FieldValues;
  /** A multa the bank carries in the detail itself (Bradesco 66-70) rather than in a record of its own; throws CnabError for one it cannot carry. */
  fineValues?(fine: CnabFine, dueDate: IsoDate): FieldValues;
}

export function describeReasons400(profile: CnabBankProfile400, movement: string, raw: string): CnabReason[] {
  const size = profile.reasonCodeSize;
  const table = profile.reasonTables[movement];
  const zeros = '0'.repeat(size);
  const out: CnabReason[] = [];
  for (let i = 0; i + size <= raw.length; i += size) {
    const code = raw.slice(i, i + size).trim();
    if (code === '' || code === zeros) continue;
    out.push({
      code,
      description: table?.[code] ?? (table ? `Motivo ${code} não catalogado` : `Motivo ${code} (ocorrência ${movement} sem tabela de motivos)`),
    });
  }
  return out;
}
