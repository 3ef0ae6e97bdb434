import { EXTRATO_SALDO_EXPLICACAO, formatBRL, formatCpfCnpj, formatDateBR } from '@bg/domain';
import type { ExtratoPdfData } from '../modules/financeiro/extrato-pdf-data.js';
import { whenDrained, type Pdf } from './document.js';

type Column = { header: string; width: number; align?: 'left' | 'right' };
const ROW_H = 14;

/**
 * The shop's Extrato for download and print: the same figures as the screen — opening balance,
 * every movement of the period with debit, credit and running balance, closing balance. Rows are
 * drawn as the ledger is read, a thousand at a time, waiting while the client is behind, so a
 * period with 100 k movements never sits in memory.
 */
export async function writeExtrato(doc: Pdf, data: ExtratoPdfData): Promise<void> {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const { loja } = data;
  doc.font('bold').fontSize(14).text('Extrato da loja', x, doc.page.margins.top, { width: w, align: 'center' });
  doc.font('regular').fontSize(9).text(`${loja.fantasia} — ${loja.razao} — CNPJ ${formatCpfCnpj(loja.cnpj)}`, { width: w, align: 'center' });
  doc.text(`Período: ${formatDateBR(data.de)} a ${formatDateBR(data.ate)}`, { width: w, align: 'center' });
  doc.moveDown(0.5).fontSize(7.5).fillColor('#444').text(EXTRATO_SALDO_EXPLICACAO, x, doc.y, { width: w }).fillColor('#000');

  const columns: Column[] = [
    { header: 'Data', width: w * 0.1 },
    { header: 'Descrição', width: w * 0.48 },
    { header: 'Débito', width: w * 0.14, align: 'right' },
    { header: 'Crédito', width: w * 0.14, align: 'right' },
    { header: 'Saldo', width: w * 0.14, align: 'right' },
  ];
  const line = (y: number, cells: string[], font: 'bold' | 'regular') => {
    let cx = x;
    doc.fillColor('#000').font(font).fontSize(7.5);
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', cx + 3, y + 4, { width: c.width - 6, align: c.align ?? 'left', lineBreak: false, ellipsis: true });
      cx += c.width;
    });
  };
  const header = (top: number) => {
    doc.rect(x, top, w, ROW_H).fillAndStroke('#e9ecef', '#adb5bd');
    line(top, columns.map((c) => c.header), 'bold');
    return top + ROW_H;
  };
  let y = header(doc.y + 8);
  const row = (cells: string[], bold = false) => {
    if (y + ROW_H > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    doc.lineWidth(0.3).rect(x, y, w, ROW_H).stroke('#adb5bd');
    line(y, cells, bold ? 'bold' : 'regular');
    y += ROW_H;
  };

  let saldo = data.inicialCents;
  let count = 0;
  row([formatDateBR(data.de), 'Saldo inicial', '', '', formatBRL(saldo)], true);
  for await (const page of data.movimentos) {
    for (const m of page) {
      saldo += m.valorCents;
      count += 1;
      row([formatDateBR(m.data), m.descricao, m.valorCents < 0 ? formatBRL(-m.valorCents) : '', m.valorCents > 0 ? formatBRL(m.valorCents) : '', formatBRL(saldo)]);
    }
    await whenDrained(doc);
  }
  if (count === 0) row(['', 'Nenhum movimento no período.', '', '', '']);
  row([formatDateBR(data.ate), 'Saldo final', '', '', formatBRL(saldo)], true);
}
