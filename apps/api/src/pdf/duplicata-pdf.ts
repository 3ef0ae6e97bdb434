import { valorPorExtenso } from '@bg/domain';
import type { Pdf } from './document.js';
import { boxRow, cutLine } from './ficha.js';
import { fmt } from './slip.js';

export type DuplicataData = {
  garantiaId: number;
  garantiaDigito: number;
  emissao: string;
  emitente: { razao: string; cnpj: string; endereco: string };
  sacado: { nome: string; cpfCnpj: string; endereco: string; cidadeUf: string };
  parcelas: { parcela: number; total: number; valorCents: number; vencimento: string }[];
};

const PER_PAGE = 2;

/**
 * Duplicata de venda mercantil, one per instalment, two per A4 page: the document the customer
 * signs (by hand or through the signature flow) acknowledging each instalment of the sale.
 */
export function writeDuplicatas(doc: Pdf, d: DuplicataData): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const slotH = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / PER_PAGE;
  d.parcelas.forEach((p, i) => {
    const slot = i % PER_PAGE;
    if (i > 0 && slot === 0) doc.addPage();
    let y = doc.page.margins.top + slot * slotH;
    doc.font('bold').fontSize(12).text('DUPLICATA DE VENDA MERCANTIL', x, y, { width: w, align: 'center' });
    y += 18;
    y = boxRow(doc, x, y, 22, [
      { label: 'Emitente', value: `${d.emitente.razao} — CNPJ ${fmt.doc(d.emitente.cnpj)}`, w: w * 0.7 },
      { label: 'Data de emissão', value: fmt.date(d.emissao), w: w * 0.3 },
    ]);
    y = boxRow(doc, x, y, 22, [{ label: 'Endereço do emitente', value: d.emitente.endereco, w }]);
    y = boxRow(doc, x, y, 22, [
      { label: 'Nº da duplicata', value: `${fmt.protocol(d.garantiaId, d.garantiaDigito)}/${String(p.parcela).padStart(2, '0')}`, w: w * 0.25 },
      { label: 'Parcela', value: `${p.parcela}/${p.total}`, w: w * 0.15 },
      { label: 'Valor', value: fmt.money(p.valorCents), w: w * 0.3, bold: true },
      { label: 'Vencimento', value: fmt.date(p.vencimento), w: w * 0.3, bold: true },
    ]);
    y = boxRow(doc, x, y, 22, [{ label: 'Valor por extenso', value: valorPorExtenso(p.valorCents), w }]);
    y = boxRow(doc, x, y, 22, [
      { label: 'Sacado', value: d.sacado.nome, w: w * 0.7 },
      { label: 'CPF/CNPJ', value: fmt.doc(d.sacado.cpfCnpj), w: w * 0.3 },
    ]);
    y = boxRow(doc, x, y, 22, [{ label: 'Endereço do sacado', value: `${d.sacado.endereco} — ${d.sacado.cidadeUf}`, w }]);
    y += 10;
    doc
      .font('regular')
      .fontSize(8.5)
      .text(
        `Reconheço a exatidão desta DUPLICATA DE VENDA MERCANTIL, na importância acima, que pagarei a ${d.emitente.razao}, ou à sua ordem, na praça e no vencimento indicados.`,
        x,
        y,
        { width: w, align: 'justify' },
      );
    y += 52;
    doc.lineWidth(0.5).moveTo(x, y).lineTo(x + w * 0.35, y).moveTo(x + w * 0.45, y).lineTo(x + w, y).stroke();
    doc.fontSize(7).text('Data do aceite', x, y + 3, { width: w * 0.35, align: 'center' });
    doc.text('Assinatura do sacado', x + w * 0.45, y + 3, { width: w * 0.55, align: 'center' });
    if (slot < PER_PAGE - 1 && i < d.parcelas.length - 1) cutLine(doc, x, doc.page.margins.top + slotH - 8, x + w, doc.page.margins.top + slotH - 8);
  });
}
