import { parseBarcode } from './barcode.js';
import { barcodeFromDigitableLine } from './digitable-line.js';
import { factorToDueDate } from './fator-vencimento.js';

export interface ParsedDigitableLine {
  /** FEBRABAN code of the issuing bank; any bank, not only the ones we issue for. */
  bank: string;
  amountCents: number;
  /** null when the fator is 0000 (boleto without a due date in its barcode). */
  dueDate: string | null;
  barcode: string;
}

/**
 * Reads a typed or pasted linha digitável (any bank: only the FEBRABAN part is interpreted).
 * `referenceDate` ('YYYY-MM-DD', normally today) picks which 9000-day fator cycle the due date
 * belongs to, since fatores restarted at 1000 on 2025-02-22.
 */
export function parseDigitableLine(line: string, referenceDate: string): ParsedDigitableLine {
  const barcode = barcodeFromDigitableLine(line);
  const parts = parseBarcode(barcode);
  return {
    bank: parts.bank,
    amountCents: parts.amountCents,
    dueDate: parts.factor === 0 ? null : factorToDueDate(parts.factor, referenceDate),
    barcode,
  };
}
