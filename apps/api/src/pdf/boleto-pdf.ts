import type { Pdf } from './document.js';
import { drawQr } from './draw-qr.js';
import { bankHeader, boxRow, cutLine, drawFicha } from './ficha.js';
import { documentNumber, fmt, pixPayload, type SlipData } from './slip.js';

/**
 * One boleto on one A4 page: recibo do pagador on top (with the Pix QR code of the boleto híbrido
 * when the account has a Pix key), the cut line, then the ficha de compensação.
 */
export function writeBoletoPage(doc: Pdf, s: SlipData): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  let y = doc.page.margins.top;
  doc.font('bold').fontSize(9).text('Recibo do Pagador', x, y, { width: w, align: 'right' });
  y += 14;
  y = bankHeader(doc, s, x, y, w, s.digitableLine);
  const pix = pixPayload(s);
  const qrSize = pix ? 110 : 0;
  const bw = w - (pix ? qrSize + 12 : 0);
  y = boxRow(doc, x, y, 21, [
    { label: 'Beneficiário', value: `${s.conta.nome} — CNPJ ${fmt.doc(s.conta.cnpj)}`, w: bw * 0.7 },
    { label: 'Agência / Código do Beneficiário', value: `${s.conta.agencia} / ${s.conta.codigoBeneficiario}`, w: bw * 0.3 },
  ]);
  const top = y;
  y = boxRow(doc, x, y, 21, [
    { label: 'Endereço do beneficiário', value: s.conta.endereco, w: bw },
  ]);
  y = boxRow(doc, x, y, 21, [
    { label: 'Pagador', value: `${s.pagador.nome} — ${fmt.doc(s.pagador.cpfCnpj)}`, w: bw * 0.7 },
    { label: 'Nosso número', value: s.ourNumberFormatted, w: bw * 0.3 },
  ]);
  y = boxRow(doc, x, y, 21, [
    { label: 'Nº do documento', value: documentNumber(s), w: bw * 0.25 },
    { label: 'Parcela', value: `${s.parcela}/${s.qtdParcelas}`, w: bw * 0.15 },
    { label: 'Loja', value: s.loja, w: bw * 0.3 },
    { label: 'Vencimento', value: fmt.date(s.vencimento), w: bw * 0.15 },
    { label: 'Valor do documento', value: fmt.money(s.valorCents), w: bw * 0.15, bold: true },
  ]);
  if (pix) {
    drawQr(doc, pix, x + bw + 12, top - 20, qrSize - 6);
    doc.font('bold').fontSize(7).text('Pague com Pix', x + bw + 12, top + qrSize - 24, { width: qrSize - 6, align: 'center' });
  }
  y = Math.max(y, top - 20 + qrSize) + 6;
  doc.font('regular').fontSize(6.5).text('Autenticação mecânica', x, y, { width: w, align: 'right' });
  y += 30;
  cutLine(doc, x, y, x + w, y);
  doc.font('regular').fontSize(6).fillColor('#666').text('Corte na linha pontilhada', x, y + 2, { width: w, align: 'right' }).fillColor('#000');
  drawFicha(doc, s, x, y + 16, w);
}
