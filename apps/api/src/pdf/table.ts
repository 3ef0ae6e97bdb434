import type { Pdf } from './document.js';

export type PdfColumn<T> = { header: string; width: number; align?: 'left' | 'right' | 'center'; value: (row: T) => string };

const ROW_H = 14;

/**
 * A simple ruled table that continues on new pages (header repeated), for the financial documents.
 * Answers the y below the last row. `footer` rows (subtotals) are drawn in bold.
 */
export function drawTable<T>(doc: Pdf, x: number, y: number, columns: PdfColumn<T>[], rows: T[], footer: string[][] = []): number {
  const bottom = doc.page.height - doc.page.margins.bottom;
  const width = columns.reduce((s, c) => s + c.width, 0);
  const header = (top: number) => {
    doc.rect(x, top, width, ROW_H).fillAndStroke('#e9ecef', '#adb5bd');
    line(doc, x, top, columns.map((c) => c.header), columns, 'bold');
    return top + ROW_H;
  };
  let cy = header(y);
  const all: { cells: string[]; bold: boolean }[] = [
    ...rows.map((r) => ({ cells: columns.map((c) => c.value(r)), bold: false })),
    ...footer.map((cells) => ({ cells, bold: true })),
  ];
  for (const row of all) {
    if (cy + ROW_H > bottom) {
      doc.addPage();
      cy = header(doc.page.margins.top);
    }
    doc.lineWidth(0.3).rect(x, cy, width, ROW_H).stroke('#adb5bd');
    line(doc, x, cy, row.cells, columns, row.bold ? 'bold' : 'regular');
    cy += ROW_H;
  }
  return cy;
}

function line<T>(doc: Pdf, x: number, y: number, cells: string[], columns: PdfColumn<T>[], font: 'bold' | 'regular') {
  let cx = x;
  doc.fillColor('#000').font(font).fontSize(7.5);
  columns.forEach((c, i) => {
    doc.text(cells[i] ?? '', cx + 3, y + 4, { width: c.width - 6, align: c.align ?? 'left', lineBreak: false, ellipsis: true });
    cx += c.width;
  });
}
