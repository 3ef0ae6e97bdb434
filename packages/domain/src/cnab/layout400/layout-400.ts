import type { RecordLayout } from '../record/record-layout.js';

/**
 * CNAB 400 has no FEBRABAN standard: every bank publishes its own 400-position records. They share
 * only the frame — record type at position 1 (0 header, 1 detail, 9 trailer, others per bank),
 * the header's "0" + "1"/"2" + "REMESSA"/"RETORNO" + "01" + "COBRANCA" and the bank code at 77-79,
 * and the record's sequence number at 395-400 — so a bank profile carries all its tables and the
 * reader (read/cnab400-reader.ts) only knows that frame.
 */
export interface Layout400 {
  /** Null for a bank whose files we only read (its remessa tables not transcribed yet). */
  readonly remessaHeader: RecordLayout | null;
  /** Registro 1 of a remessa (the title and its payer); null as above. */
  readonly remessaDetail: RecordLayout | null;
  /** Registro 2 of a remessa (multa), when the bank has one; null otherwise. */
  readonly remessaFine: RecordLayout | null;
  readonly remessaTrailer: RecordLayout | null;
  readonly retornoHeader: RecordLayout;
  readonly retornoDetail: RecordLayout;
  readonly retornoTrailer: RecordLayout;
  /** Records that may follow a retorno detail, by their type (position 1): Pix (QR code, txid)… */
  readonly retornoExtras: Readonly<Record<string, ExtraRecord400>>;
}

export interface ExtraRecord400 {
  /** What the record is, for messages ("registro Pix (tipo 3)"). */
  readonly description: string;
  readonly kind: 'pix' | 'multa';
  readonly layout: RecordLayout;
}

export const RECORD_WIDTH_400 = 400;

/** Every CNAB 400 record ends with its sequence number in the file (395-400). */
export const SEQUENCE_START_400 = 395;
