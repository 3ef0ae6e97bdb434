import type { Pdf } from './document.js';
import { whenDrained } from './document.js';
import { drawQr } from './draw-qr.js';
import { boxRow, cutLine, drawFicha } from './ficha.js';
import { BANK_LABEL, documentNumber, fmt, pixPayload, type SlipData } from './slip.js';

const PER_PAGE = 3;
const STUB_WIDTH = 138;
const GAP = 10;

/** The canhoto (stub) the customer keeps: the essentials of the slip in a narrow column. */
function drawStub(doc: Pdf, s: SlipData, x: number, y: number, h: number): void {
  const bank = BANK_LABEL[s.conta.banco] ?? { name: s.conta.banco, code: s.conta.banco };
  doc.font('bold').fontSize(9).text(`${bank.name} ${bank.code}`, x, y + 4, { width: STUB_WIDTH, lineBreak: false });
  doc.font('regular').fontSize(6).text('Recibo do Pagador', x, y + 16, { width: STUB_WIDTH, lineBreak: false });
  let cy = y + 24;
  const rows: [string, string, boolean?][] = [
    ['Parcela', `${s.parcela}/${s.qtdParcelas}`],
    ['Vencimento', fmt.date(s.vencimento), true],
    ['Valor do documento', fmt.money(s.valorCents), true],
    ['Nº do documento', documentNumber(s)],
    ['Nosso número', s.ourNumberFormatted],
    ['Pagador', s.pagador.nome],
  ];
  for (const [label, value, bold] of rows) cy = boxRow(doc, x, cy, 17, [{ label, value, w: STUB_WIDTH, bold }]);
  const pix = pixPayload(s);
  if (pix && y + h - cy > 50) {
    const size = Math.min(y + h - cy - 12, 62);
    drawQr(doc, pix, x + 2, cy + 4, size);
    doc.font('regular').fontSize(6).text('Pague com Pix', x + size + 6, cy + 6, { width: STUB_WIDTH - size - 8 });
  }
}

/**
 * The carnê: every instalment, three per A4 page, each a stub plus the ficha de compensação.
 * Slips come from an async source (the database in batches) and each finished page leaves the
 * process at once, so a carnê of a thousand boletos streams in constant memory.
 */
export async function writeCarne(doc: Pdf, slips: AsyncIterable<SlipData>): Promise<number> {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const slotH = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / PER_PAGE;
  let count = 0;
  for await (const s of slips) {
    const slot = count % PER_PAGE;
    if (count > 0 && slot === 0) {
      doc.addPage();
      await whenDrained(doc);
    }
    const y = doc.page.margins.top + slot * slotH;
    drawStub(doc, s, x, y, slotH - 14);
    cutLine(doc, x + STUB_WIDTH + GAP / 2, y, x + STUB_WIDTH + GAP / 2, y + slotH - 14);
    drawFicha(doc, s, x + STUB_WIDTH + GAP, y, w - STUB_WIDTH - GAP);
    if (slot < PER_PAGE - 1) cutLine(doc, x, y + slotH - 6, x + w, y + slotH - 6);
    count++;
  }
  return count;
}
