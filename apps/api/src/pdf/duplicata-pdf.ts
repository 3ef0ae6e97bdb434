import { valorPorExtenso } from '@bg/domain';
import type { Pdf } from './document.js';
import { boxRow, cutLine } from './ficha.js';
import { fmt } from './slip.js';

/** A party of the sale as the duplicata names it: name, CPF/CNPJ and domicile. */
export type DuplicataParte = { nome: string; documento: string; endereco: string; cep: string; cidadeUf: string };

export type DuplicataData = {
  garantiaId: number;
  garantiaDigito: number;
  /** Issue date, YYYY-MM-DD. */
  emissao: string;
  /** The seller (the empresa that sold and issues the duplicata). */
  emitente: DuplicataParte;
  /** The buyer (the pessoa who signs the acceptance). */
  sacado: DuplicataParte;
  /** Place of payment (praça de pagamento). */
  praca: string;
  parcelas: { parcela: number; total: number; valorCents: number; vencimento: string }[];
};

const PER_PAGE = 2;

/** "123-4/01": the duplicata's number of order (protocol of the guarantee / instalment). */
export function duplicataNumero(d: Pick<DuplicataData, 'garantiaId' | 'garantiaDigito'>, parcela: number): string {
  return `${fmt.protocol(d.garantiaId, d.garantiaDigito)}/${String(parcela).padStart(2, '0')}`;
}

const domicilio = (p: DuplicataParte) => [p.endereco, p.cep ? `CEP ${fmt.cep(p.cep)}` : '', p.cidadeUf].filter(Boolean).join(' — ');

/**
 * Duplicata de venda mercantil, one per instalment, two per A4 page, with what Lei 5.474/68 art. 2º
 * § 1º requires: the word "duplicata", issue date and number of order (I), the invoice number (II),
 * the due date (III), names and domiciles of seller and buyer with CPF/CNPJ (IV), the amount in
 * figures and in words (V), the place of payment (VI), the "à ordem" clause (VII), the buyer's
 * declaration of accuracy and obligation to pay, to be signed as acceptance (VIII), and the
 * issuer's signature (IX). The customer signs it by hand or through the digital signature flow.
 */
export function writeDuplicatas(doc: Pdf, d: DuplicataData): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const slotH = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / PER_PAGE;
  const protocolo = fmt.protocol(d.garantiaId, d.garantiaDigito);
  d.parcelas.forEach((p, i) => {
    const slot = i % PER_PAGE;
    if (i > 0 && slot === 0) doc.addPage();
    let y = doc.page.margins.top + slot * slotH;
    doc.font('bold').fontSize(12).fillColor('#000').text('DUPLICATA DE VENDA MERCANTIL', x, y, { width: w, align: 'center' });
    y += 18;
    const c5 = w / 5;
    y = boxRow(doc, x, y, 22, [
      { label: 'Duplicata nº (ordem)', value: duplicataNumero(d, p.parcela), w: c5, bold: true },
      { label: 'Fatura nº', value: protocolo, w: c5 },
      { label: 'Data de emissão', value: fmt.date(d.emissao), w: c5 },
      { label: 'Vencimento', value: fmt.date(p.vencimento), w: c5, bold: true },
      { label: 'Valor', value: fmt.money(p.valorCents), w: c5, bold: true, align: 'right' },
    ]);
    y = boxRow(doc, x, y, 22, [{ label: 'Valor por extenso', value: valorPorExtenso(p.valorCents), w }]);
    y = boxRow(doc, x, y, 22, [
      { label: 'Vendedor (emitente)', value: d.emitente.nome, w: w * 0.7 },
      { label: 'CNPJ do vendedor', value: fmt.doc(d.emitente.documento), w: w * 0.3 },
    ]);
    y = boxRow(doc, x, y, 22, [{ label: 'Domicílio do vendedor', value: domicilio(d.emitente), w }]);
    y = boxRow(doc, x, y, 22, [
      { label: 'Comprador (sacado)', value: d.sacado.nome, w: w * 0.7 },
      { label: 'CPF/CNPJ do comprador', value: fmt.doc(d.sacado.documento), w: w * 0.3 },
    ]);
    y = boxRow(doc, x, y, 22, [{ label: 'Domicílio do comprador', value: domicilio(d.sacado), w }]);
    const pracaW = w * 0.65;
    boxRow(doc, x, y, 24, [
      { label: 'Praça de pagamento', value: '', w: pracaW },
      { label: 'Condição', value: `Parcela ${p.parcela} de ${p.total} — a prazo`, w: w * 0.35 },
    ]);
    writeInside(doc, d.praca, x + 2, y + 8, pracaW - 4, 14);
    y += 24;
    y += 8;
    doc
      .font('regular')
      .fontSize(8.5)
      .text(
        `Reconheço a exatidão desta DUPLICATA DE VENDA MERCANTIL, na importância acima, e a obrigação de pagá-la a ${d.emitente.nome}, ou à sua ordem, ` +
          'na praça e no vencimento indicados.',
        x,
        y,
        { width: w, align: 'justify' },
      );
    y += 58;
    const line = (x1: number, x2: number, caption: string, name?: string) => {
      doc.lineWidth(0.5).moveTo(x1, y).lineTo(x2, y).stroke();
      doc.font('regular').fontSize(7).text(caption, x1, y + 3, { width: x2 - x1, align: 'center' });
      if (name) doc.fontSize(6.5).text(name, x1, y + 12, { width: x2 - x1, align: 'center', lineBreak: false, ellipsis: true });
    };
    line(x, x + w * 0.2, 'Data do aceite');
    line(x + w * 0.25, x + w * 0.62, 'Assinatura do comprador (aceite)', d.sacado.nome);
    line(x + w * 0.67, x + w, 'Assinatura do emitente', d.emitente.nome);
    if (slot < PER_PAGE - 1 && i < d.parcelas.length - 1) cutLine(doc, x, doc.page.margins.top + slotH - 8, x + w, doc.page.margins.top + slotH - 8);
  });
}

const VALUE_SIZE = 8;
const MIN_SIZE = 6;

/**
 * Text that stays inside its box (issue 25: the place of payment ran past its border): one line at
 * the box's usual size when it fits, else a smaller size down to 6 pt, else two wrapped lines at
 * 6 pt — the whole text, never cut, since the duplicata must state its place of payment.
 */
function writeInside(doc: Pdf, text: string, x: number, y: number, width: number, height: number): void {
  doc.font('regular').fillColor('#000');
  const atOnePoint = doc.fontSize(1).widthOfString(text);
  const size = Math.min(VALUE_SIZE, width / atOnePoint);
  if (size >= MIN_SIZE) {
    doc.fontSize(size).text(text, x, y + height - size - 1, { width, lineBreak: false });
    return;
  }
  doc.fontSize(MIN_SIZE).text(text, x, y, { width, height, lineGap: 0 });
}
