import { centsToDecimalText } from '@bg/domain';

/**
 * CSV as the other exports write it (relatorio/faturamento-csv.ts): `;`-separated, decimal commas,
 * CRLF, UTF-8 with BOM — what Excel in pt-BR opens directly. A cell is quoted when it holds the
 * separator, a quote or a line break; a text starting like a formula is defused with a quote.
 */
export const CSV_BOM = '\uFEFF';

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(';') + '\r\n';

/** Money as spreadsheets in pt-BR read it: 1234,56 (no thousands separator). */
export const csvMoney = (cents: number) => centsToDecimalText(cents).replace('.', ',');

/** Dates as DD/MM/AAAA. */
export { formatDateBR as csvDate } from '@bg/domain';
