import { MESES_NOMES, toCents } from '@bg/domain';
import type { FechamentoData } from '../modules/relatorio/fechamento-data.js';
import { consultasTexto } from '../modules/relatorio/fechamento-html.js';
import type { Pdf } from './document.js';
import { boxRow } from './ficha.js';
import { fmt } from './slip.js';
import { drawTable, type PdfColumn } from './table.js';

type Boleto = FechamentoData['boletos'][number];
type Canal = FechamentoData['recebido_por_canal'][number];
type Linha = { descricao: string; valor: number };

const reais = (v: number) => fmt.money(toCents(v));

/** The Fechamento for download and print: the same data as the page's HTML, laid out for A4. */
export function writeFechamento(doc: Pdf, f: FechamentoData): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const r = f.resumo;
  doc.font('bold').fontSize(14).text(`Fechamento de ${MESES_NOMES[f.mes - 1]}/${f.ano}`, x, doc.page.margins.top, { width: w, align: 'center' });
  doc.font('regular').fontSize(9).text(`${f.empresa.fantasia} — ${f.empresa.razao} — CNPJ ${fmt.doc(f.empresa.cnpj)}`, { width: w, align: 'center' });
  let y = doc.y + 10;
  y = boxRow(doc, x, y, 22, [
    { label: 'Repasse Bruto', value: reais(r.total_boletos), w: w / 3, align: 'right' },
    { label: 'Recebido Estab', value: reais(r.recebido_estabelecimento), w: w / 3, align: 'right' },
    { label: 'Serviços Premium', value: reais(r.servicos_premium), w: w / 3, align: 'right' },
  ]);
  y = boxRow(doc, x, y, 22, [
    { label: 'Repasse Líquido', value: reais(r.repasse_liquido), w: w / 3, align: 'right' },
    { label: 'Recebido Premium', value: reais(r.recebido_premium), w: w / 3, align: 'right' },
    { label: 'Receita', value: reais(r.receita), w: w / 3, align: 'right', bold: true },
  ]);

  y += 14;
  doc.font('bold').fontSize(10).text('Recebido por canal', x, y);
  y += 14;
  y = f.recebido_por_canal.length
    ? drawTable<Canal>(
        doc,
        x,
        y,
        [
          { header: 'Canal', width: w * 0.3, value: (c) => c.nome },
          { header: 'Boletos', width: w * 0.12, align: 'right', value: (c) => String(c.quantidade) },
          { header: 'Pago no banco', width: w * 0.18, align: 'right', value: (c) => reais(c.valor_pago) },
        ],
        f.recebido_por_canal,
        [['Total (Recebido Premium)', String(f.recebido_por_canal.reduce((n, c) => n + c.quantidade, 0)), reais(r.recebido_premium)]],
      )
    : (doc.font('regular').fontSize(8.5).text('Nenhum boleto pago no banco no mês.', x, y), doc.y);

  y += 14;
  doc.font('bold').fontSize(10).text('Boletos liquidados e baixados', x, y);
  y += 14;
  doc.font('regular').fontSize(7.5).text('Pelas datas do banco: o mês da data de crédito (ou da ocorrência, sem crédito); a baixa, pelo dia em que a loja a registrou.', x, y, { width: w });
  y = doc.y + 4;
  // a long name would wrap onto the next row (the table's rows have one line): cut it to the cell, with an ellipsis
  const fit = (text: string, width: number) => {
    doc.font('regular').fontSize(7.5);
    if (doc.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  // A4 has no room for a Canal column beside Forma at this size: a bank payment's form is its channel
  // ("Pix", "Internet banking"…), "Banco" when the bank did not say (a CNAB line); a baixa is "Loja".
  const formaCanal = (b: Boleto) => (b.situacao === 'BAIXADO' ? 'Loja' : b.canal ? b.canal_nome : 'Banco');
  const columns: PdfColumn<Boleto>[] = [
    { header: 'Garantia', width: w * 0.09, value: (b) => `${fmt.protocol(b.garantia_id, b.garantia_digito)}/${String(b.parcela).padStart(2, '0')}` },
    { header: 'Cliente', width: w * 0.14, value: (b) => fit(b.nome_razao, w * 0.14 - 6) },
    { header: 'Vencimento', width: w * 0.104, align: 'center', value: (b) => fmt.date(b.vencimento) },
    { header: 'Forma/canal', width: w * 0.127, value: formaCanal },
    { header: 'Data', width: w * 0.094, align: 'center', value: (b) => fmt.date(b.data) },
    { header: 'Valor', width: w * 0.116, align: 'right', value: (b) => reais(b.valor) },
    { header: 'Pago no banco', width: w * 0.13, align: 'right', value: (b) => reais(b.valor_pago) },
    { header: 'Juros/multa', width: w * 0.103, align: 'right', value: (b) => reais(b.encargos) },
    { header: 'Tarifa', width: w * 0.092, align: 'right', value: (b) => reais(b.tarifa) },
  ];
  const total = (pick: (b: Boleto) => number) => fmt.money(f.boletos.reduce((s, b) => s + toCents(pick(b)), 0));
  y = f.boletos.length
    ? drawTable(doc, x, y, columns, f.boletos, [['Totais', '', '', '', '', reais(r.total_boletos), reais(r.recebido_premium), total((b) => b.encargos), total((b) => b.tarifa)]])
    : (doc.font('regular').fontSize(8.5).text('Nenhum boleto liquidado ou baixado no mês.', x, y), doc.y);

  y += 14;
  if (y + 80 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.font('bold').fontSize(10).text('Serviços Premium', x, y);
  y += 14;
  const servicos: Linha[] = [
    { descricao: consultasTexto(f), valor: f.total_consultas },
    { descricao: 'Mensalidade', valor: f.mensalidade },
    ...f.antecipacoes.map((a) => ({ descricao: `Antecipação nº ${a.id} aprovada em ${fmt.date(a.data)}`, valor: a.total_taxas })),
  ];
  drawTable<Linha>(
    doc,
    x,
    y,
    [
      { header: 'Descrição', width: w * 0.8, value: (l) => l.descricao },
      { header: 'Valor', width: w * 0.2, align: 'right', value: (l) => reais(l.valor) },
    ],
    servicos,
    [['Total (Serviços Premium)', reais(r.servicos_premium)]],
  );
}
