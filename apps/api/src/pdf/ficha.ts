import type { Pdf } from './document.js';
import { BARCODE_HEIGHT, drawBarcode } from './draw-barcode.js';
import { BANK_LABEL, documentNumber, fmt, instrucoes, type SlipData } from './slip.js';

type Box = { label: string; value: string; w: number; align?: 'left' | 'right'; bold?: boolean };

/** A row of labelled boxes (FEBRABAN layout: small caption on top, value below). */
export function boxRow(doc: Pdf, x: number, y: number, h: number, boxes: Box[]): number {
  let cx = x;
  for (const b of boxes) {
    doc.lineWidth(0.5).rect(cx, y, b.w, h).stroke();
    doc.font('regular').fontSize(5.5).fillColor('#333').text(b.label, cx + 2, y + 1.5, { width: b.w - 4, lineBreak: false });
    doc
      .font(b.bold ? 'bold' : 'regular')
      .fontSize(h > 18 ? 8 : 7)
      .fillColor('#000')
      .text(b.value, cx + 2, y + h - (h > 18 ? 11 : 9), { width: b.w - 4, align: b.align ?? 'left', lineBreak: false, ellipsis: true });
    cx += b.w;
  }
  return y + h;
}

/** Bank mark | bank code | linha digitável: the header line of recibo and ficha. */
export function bankHeader(doc: Pdf, s: SlipData, x: number, y: number, w: number, right: string): number {
  const bank = BANK_LABEL[s.conta.banco] ?? { name: s.conta.banco, code: s.conta.banco };
  doc.font('bold').fontSize(11).fillColor('#000').text(bank.name, x, y + 4, { width: 90, lineBreak: false });
  doc.lineWidth(1).moveTo(x + 92, y).lineTo(x + 92, y + 18).moveTo(x + 140, y).lineTo(x + 140, y + 18).stroke();
  doc.font('bold').fontSize(11).text(bank.code, x + 94, y + 4, { width: 44, align: 'center', lineBreak: false });
  // the linha digitável must stay on one line whatever the width (carnê or full page)
  const room = w - 146;
  const size = Math.min(10, room / doc.font('bold').fontSize(1).widthOfString(right));
  doc.fontSize(size).text(right, x + 142, y + 13 - size, { width: w - 142, align: 'right', lineBreak: false });
  doc.lineWidth(1).moveTo(x, y + 18).lineTo(x + w, y + 18).stroke();
  return y + 18;
}

/**
 * The ficha de compensação: header with the linha digitável, the FEBRABAN boxes, instructions,
 * pagador and the barcode (103 × 13 mm). Fits any width from ~380 pt (carnê) to the full page.
 */
export function drawFicha(doc: Pdf, s: SlipData, x: number, y: number, w: number): number {
  const right = Math.min(130, w * 0.3);
  const left = w - right;
  const h = w > 450 ? 21 : 18;
  let cy = bankHeader(doc, s, x, y, w, s.digitableLine);
  cy = boxRow(doc, x, cy, h, [
    { label: 'Local de pagamento', value: 'Pagável em qualquer banco, casa lotérica ou aplicativo até o vencimento', w: left },
    { label: 'Vencimento', value: fmt.date(s.vencimento), w: right, align: 'right', bold: true },
  ]);
  cy = boxRow(doc, x, cy, h, [
    { label: 'Beneficiário', value: `${s.conta.nome} — CNPJ ${fmt.doc(s.conta.cnpj)}`, w: left },
    { label: 'Agência / Código do Beneficiário', value: `${s.conta.agencia} / ${s.conta.codigoBeneficiario}`, w: right, align: 'right' },
  ]);
  const c5 = left / 5;
  cy = boxRow(doc, x, cy, h, [
    { label: 'Data do doc.', value: fmt.date(s.emissao), w: c5 },
    { label: 'Nº documento', value: documentNumber(s), w: c5 },
    { label: 'Espécie doc.', value: 'DM', w: c5 },
    { label: 'Aceite', value: 'N', w: c5 },
    { label: 'Data process.', value: fmt.date(s.emissao), w: c5 },
    { label: 'Nosso número', value: s.ourNumberFormatted, w: right, align: 'right' },
  ]);
  cy = boxRow(doc, x, cy, h, [
    { label: 'Uso do banco', value: '', w: c5 },
    { label: 'Carteira', value: s.conta.carteira, w: c5 },
    { label: 'Espécie', value: 'R$', w: c5 },
    { label: 'Quantidade', value: '', w: c5 },
    { label: 'Valor', value: '', w: c5 },
    { label: '(=) Valor do documento', value: fmt.money(s.valorCents), w: right, align: 'right', bold: true },
  ]);
  const instrH = h * 3;
  doc.lineWidth(0.5).rect(x, cy, left, instrH).stroke();
  doc.font('regular').fontSize(5.5).fillColor('#333').text('Instruções (texto de responsabilidade do beneficiário)', x + 2, cy + 1.5, { lineBreak: false });
  doc.font('regular').fontSize(7).fillColor('#000').text(instrucoes(s).join('\n'), x + 2, cy + 9, { width: left - 4, height: instrH - 10 });
  const small = instrH / 3;
  boxRow(doc, x + left, cy, small, [{ label: '(-) Desconto / Abatimento', value: '', w: right }]);
  boxRow(doc, x + left, cy + small, small, [{ label: '(+) Mora / Multa', value: '', w: right }]);
  boxRow(doc, x + left, cy + 2 * small, small, [{ label: '(=) Valor cobrado', value: '', w: right }]);
  cy += instrH;
  const pagH = h * 1.6;
  doc.lineWidth(0.5).rect(x, cy, w, pagH).stroke();
  doc.font('regular').fontSize(5.5).fillColor('#333').text('Pagador', x + 2, cy + 1.5, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(7)
    .fillColor('#000')
    .text(`${s.pagador.nome} — CPF/CNPJ ${fmt.doc(s.pagador.cpfCnpj)}\n${s.pagador.endereco} — ${s.pagador.cidadeUf}`, x + 2, cy + 8, {
      width: w - 4,
      height: pagH - 8,
    });
  cy += pagH;
  doc.font('regular').fontSize(5.5).fillColor('#333').text('Autenticação mecânica — Ficha de Compensação', x, cy + 2, { width: w, align: 'right', lineBreak: false });
  doc.fillColor('#000');
  drawBarcode(doc, s.barcode, x + 4, cy + 10);
  return cy + 10 + BARCODE_HEIGHT;
}

/** Dashed cut line. */
export function cutLine(doc: Pdf, x1: number, y1: number, x2: number, y2: number): void {
  doc.save().lineWidth(0.5).dash(3, { space: 2 }).strokeColor('#666').moveTo(x1, y1).lineTo(x2, y2).stroke().undash().restore();
}
