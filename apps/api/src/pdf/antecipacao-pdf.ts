import { formatDateTimeBR, toCents } from '@bg/domain';
import type { AntecipacaoDocumento } from '../modules/antecipacao/antecipacao-documento.js';
import type { Pdf } from './document.js';
import { boxRow } from './ficha.js';
import { fmt } from './slip.js';
import { drawTable, type PdfColumn } from './table.js';

type Boleto = AntecipacaoDocumento['boletos'][number];

const reais = (v: number) => fmt.money(toCents(v));
const percent = (v: number) => `${String(v).replace('.', ',')}%`;

/**
 * The advance document (spec §4: approval opens it): the empresa that advances its receivables,
 * each boleto with its prorata, the Resumo figures exactly as stored with the request, and who
 * asked and approved when.
 */
export function writeAntecipacaoDocumento(doc: Pdf, a: AntecipacaoDocumento): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('bold').fontSize(14).text('Documento de Antecipação de Recebíveis', x, doc.page.margins.top, { width: w, align: 'center' });
  doc.font('regular').fontSize(9).text(`Antecipação nº ${a.id} — ${a.situacao}`, { width: w, align: 'center' });
  let y = doc.y + 10;

  const e = a.endereco;
  y = boxRow(doc, x, y, 22, [
    { label: 'Empresa (cedente)', value: `${a.razao} (${a.fantasia})`, w: w * 0.7 },
    { label: 'CNPJ', value: fmt.doc(a.cnpj), w: w * 0.3 },
  ]);
  y = boxRow(doc, x, y, 22, [
    { label: 'Endereço', value: `${e.endereco}, ${e.numero}${e.complemento ? ` ${e.complemento}` : ''} — ${e.bairro} — ${e.cidade}/${e.uf} — CEP ${fmt.cep(e.cep)}`, w },
  ]);
  y = boxRow(doc, x, y, 22, [
    { label: 'Solicitada por', value: `${a.usuario} em ${formatDateTimeBR(a.created_at)}`, w: w * 0.5 },
    { label: 'Aprovada por', value: `${a.decidido_por ?? '—'} em ${formatDateTimeBR(a.decidido_em)}`, w: w * 0.5 },
  ]);
  y = boxRow(doc, x, y, 22, [
    { label: 'Data da simulação', value: fmt.date(a.data_simulacao), w: w * 0.25 },
    { label: 'Taxa prorrata', value: `${percent(a.taxas.taxa_prorrata)} ao dia`, w: w * 0.25 },
    { label: 'Taxa de antecipação', value: percent(a.taxas.taxa_antecipacao), w: w * 0.25 },
    { label: 'Qtd. de Boletos', value: String(a.qtd_boletos), w: w * 0.25 },
  ]);

  y += 12;
  doc.font('bold').fontSize(10).text('Boletos antecipados', x, y);
  y += 14;
  const columns: PdfColumn<Boleto>[] = [
    { header: 'Garantia', width: w * 0.12, value: (b) => `${fmt.protocol(b.garantia_id, b.garantia_digito)}/${String(b.parcela).padStart(2, '0')}` },
    { header: 'Cliente', width: w * 0.3, value: (b) => b.nome_razao },
    { header: 'CPF/CNPJ', width: w * 0.16, value: (b) => fmt.doc(b.cpf_cnpj) },
    { header: 'Vencimento', width: w * 0.11, align: 'center', value: (b) => fmt.date(b.vencimento) },
    { header: 'Dias', width: w * 0.06, align: 'right', value: (b) => String(b.qtd_dias) },
    { header: 'Valor', width: w * 0.125, align: 'right', value: (b) => reais(b.valor) },
    { header: 'Prorata', width: w * 0.125, align: 'right', value: (b) => reais(b.prorata) },
  ];
  y = drawTable(doc, x, y, columns, a.boletos, [['Subtotal', '', '', '', '', reais(a.total_boletos), reais(a.total_prorata)]]);

  if (y + 150 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 14;
  doc.font('bold').fontSize(10).text('Resumo', x, y);
  y += 14;
  y = boxRow(doc, x, y, 22, [
    { label: 'Total Boletos', value: reais(a.total_boletos), w: w / 5, align: 'right' },
    { label: '(−) Prorata', value: reais(a.total_prorata), w: w / 5, align: 'right' },
    { label: '(−) Taxa Antecipação', value: reais(a.total_taxa_antecipacao), w: w / 5, align: 'right' },
    { label: '(−) Taxa Básica', value: reais(a.taxa_basica), w: w / 5, align: 'right' },
    { label: '(=) Total da Antecipação', value: reais(a.total_antecipacao), w: w / 5, align: 'right', bold: true },
  ]);
  y += 14;
  doc
    .font('regular')
    .fontSize(8.5)
    .text(
      `${a.razao}, CNPJ ${fmt.doc(a.cnpj)}, antecipa os recebíveis relacionados acima, garantidos pelo Boleto Garantido, e recebe ` +
        `o Total da Antecipação de ${reais(a.total_antecipacao)}. Os boletos permanecem em cobrança e seus pagamentos passam ` +
        'a quitar esta antecipação; eles não podem ser antecipados novamente.',
      x,
      y,
      { width: w, align: 'justify' },
    );
  y = doc.y + 50;
  doc.lineWidth(0.5).moveTo(x, y).lineTo(x + w * 0.42, y).moveTo(x + w * 0.58, y).lineTo(x + w, y).stroke('#000');
  doc.fontSize(7).text(a.razao, x, y + 3, { width: w * 0.42, align: 'center' });
  doc.text('Boleto Garantido', x + w * 0.58, y + 3, { width: w * 0.42, align: 'center' });
  doc.text(`Documento gerado em ${formatDateTimeBR(new Date())}. Garantia: protocolo/parcela.`, x, y + 24, { width: w });
}
