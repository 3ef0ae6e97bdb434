import { formatDateTimeBR, toCents, valorPorExtenso } from '@bg/domain';
import type { AcordoTermo } from '../modules/cobranca/acordo-termo.js';
import type { Pdf } from './document.js';
import { boxRow } from './ficha.js';
import { fmt } from './slip.js';
import { drawTable, type PdfColumn } from './table.js';

type Boleto = AcordoTermo['boletos'][number];
type Parcela = AcordoTermo['parcelas'][number];

const reais = (v: number) => fmt.money(toCents(v));
const extenso = (v: number) => valorPorExtenso(toCents(v));

function ensureRoom(doc: Pdf, y: number, needed: number): number {
  if (y + needed <= doc.page.height - doc.page.margins.bottom) return y;
  doc.addPage();
  return doc.page.margins.top;
}

/**
 * "Termo de Acordo e Confissão de Dívida": the debts the acordo replaces, how the updated value was
 * reached (2% multa, 0,33% ao dia, taxa de R$ 14,90), the discount and the plan, then the clauses —
 * late instalments (multa 2% + 0,33% ao dia; cheques 0,033% ao dia, spec §9), breach (the acordo is
 * cancelled and the original debt returns, docs/decisions/050), SPC notice and exclusion within 5
 * business days of payment — and the signature lines.
 */
export function writeAcordoTermo(doc: Pdf, a: AcordoTermo): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('bold').fontSize(14).text('Termo de Acordo e Confissão de Dívida', x, doc.page.margins.top, { width: w, align: 'center' });
  doc.font('regular').fontSize(9).text(`Acordo nº ${a.id} — ${a.status} — simulado em ${fmt.date(a.data_simulacao)}`, { width: w, align: 'center' });
  let y = doc.y + 10;

  const d = a.devedor;
  const endereco = d?.endereco
    ? `${d.endereco}, ${d.numero ?? 's/n'}${d.complemento ? ` ${d.complemento}` : ''} — ${d.bairro ?? ''} — ${d.cidade ?? ''}/${d.uf ?? ''}${d.cep ? ` — CEP ${fmt.cep(d.cep)}` : ''}`
    : 'não informado';
  y = boxRow(doc, x, y, 22, [
    { label: 'Credor', value: a.credor.nome, w: w * 0.7 },
    { label: 'CNPJ', value: a.credor.cnpj ? fmt.doc(a.credor.cnpj) : '—', w: w * 0.3 },
  ]);
  y = boxRow(doc, x, y, 22, [
    { label: 'Devedor(a)', value: a.nome_razao, w: w * 0.7 },
    { label: 'CPF/CNPJ', value: fmt.doc(a.cpf_cnpj), w: w * 0.3 },
  ]);
  y = boxRow(doc, x, y, 22, [{ label: 'Endereço do devedor', value: endereco, w }]);

  y += 12;
  doc.font('bold').fontSize(10).text('1. Débitos objeto deste acordo', x, y);
  y += 14;
  const debitos: PdfColumn<Boleto>[] = [
    { header: 'Empresa', width: w * 0.26, value: (b) => b.empresa },
    { header: 'Protocolo', width: w * 0.13, value: (b) => fmt.protocol(b.id, b.digito) },
    { header: 'Garantia', width: w * 0.15, value: (b) => `${fmt.protocol(b.garantia_id, b.garantia_digito)}/${String(b.parcela).padStart(2, '0')}` },
    { header: 'Vencimento', width: w * 0.14, align: 'center', value: (b) => fmt.date(b.vencimento) },
    { header: 'Dias de Atraso', width: w * 0.14, align: 'right', value: (b) => String(b.dias_atraso) },
    { header: 'Valor', width: w * 0.18, align: 'right', value: (b) => reais(b.valor) },
  ];
  y = drawTable(doc, x, y, debitos, a.boletos, [['Total sem juros', '', '', '', '', reais(a.valor_sem_juros)]]);

  y = ensureRoom(doc, y + 12, 80);
  doc.font('bold').fontSize(10).text('2. Composição do valor', x, y);
  y += 14;
  y = boxRow(doc, x, y, 22, [
    { label: 'Valor sem juros', value: reais(a.valor_sem_juros), w: w / 6, align: 'right' },
    { label: '(+) Multa 2%', value: reais(a.multa), w: w / 6, align: 'right' },
    { label: '(+) Juros 0,33% ao dia', value: reais(a.juros), w: w / 6, align: 'right' },
    { label: '(+) Taxa administrativa', value: reais(a.taxa), w: w / 6, align: 'right' },
    { label: '(=) Valor atualizado', value: reais(a.valor_atualizado), w: w / 6, align: 'right' },
    { label: '(−) Desconto', value: reais(a.desconto), w: w / 6, align: 'right' },
  ]);

  y = ensureRoom(doc, y + 12, 60);
  doc.font('bold').fontSize(10).text('3. Plano de pagamento', x, y);
  y += 14;
  const plano: PdfColumn<Parcela>[] = [
    { header: 'Parcela', width: w * 0.15, align: 'center', value: (p) => `${p.parcela}/${a.numero_parcelas}` },
    { header: 'Vencimento', width: w * 0.2, align: 'center', value: (p) => fmt.date(p.vencimento) },
    { header: 'Valor', width: w * 0.2, align: 'right', value: (p) => reais(p.valor) },
    { header: 'Valor por extenso', width: w * 0.45, value: (p) => extenso(p.valor) },
  ];
  y = drawTable(doc, x, y, plano, a.parcelas, [['Total', '', reais(a.valor), extenso(a.valor)]]);

  const clausulas = [
    `O(A) DEVEDOR(A) reconhece e confessa dever ao CREDOR os débitos relacionados no item 1, que totalizam ${reais(a.valor_atualizado)} atualizados até ${fmt.date(a.data_simulacao)}, e se compromete a pagá-los conforme o plano do item 3, no total de ${reais(a.valor)} (${extenso(a.valor)}).`,
    'As parcelas posteriores à primeira incluem juros de 0,33% ao dia sobre sua parte do saldo, contados do primeiro vencimento.',
    'O pagamento de parcela após o vencimento sujeita-se a multa de 2% e juros de mora de 0,33% ao dia. Pagamentos realizados em cheque somente quitam a parcela após a compensação; cheque pago após o vencimento ou devolvido sujeita a parcela a juros de 0,033% ao dia até a efetiva compensação.',
    'Os boletos relacionados no item 1 são substituídos por este acordo e retirados da cobrança bancária.',
    'O não pagamento de qualquer parcela autoriza o CREDOR a cancelar este acordo: os valores pagos ficam registrados e os débitos originais voltam a ser cobrados com seus encargos, podendo o nome do(a) DEVEDOR(A) ser incluído em cadastro de proteção ao crédito, mediante comunicação prévia (CDC, art. 43, § 2º).',
    'Quitado o acordo, eventual registro em cadastro de proteção ao crédito referente a estes débitos será excluído em até 5 (cinco) dias úteis (STJ, Súmula 548).',
  ];
  y = ensureRoom(doc, y + 12, 120);
  doc.font('bold').fontSize(10).text('4. Cláusulas', x, y);
  doc.moveDown(0.4);
  doc.font('regular').fontSize(8.5);
  clausulas.forEach((c, i) => {
    doc.text(`4.${i + 1}. ${c}`, x, doc.y, { width: w, align: 'justify' });
    doc.moveDown(0.3);
  });

  y = ensureRoom(doc, doc.y + 10, 90);
  doc.font('regular').fontSize(8.5).text(`${a.devedor?.cidade ?? 'São Paulo'}, ${fmt.date(a.data_simulacao)}.`, x, y, { width: w });
  y = doc.y + 45;
  doc.lineWidth(0.5).moveTo(x, y).lineTo(x + w * 0.42, y).moveTo(x + w * 0.58, y).lineTo(x + w, y).stroke('#000');
  doc.fontSize(7).text(`${a.nome_razao} — ${fmt.doc(a.cpf_cnpj)}`, x, y + 3, { width: w * 0.42, align: 'center' });
  doc.text(a.credor.nome, x + w * 0.58, y + 3, { width: w * 0.42, align: 'center' });
  doc.text(`Acordo registrado por ${a.usuario} em ${formatDateTimeBR(a.created_at)}. Documento gerado em ${formatDateTimeBR(new Date())}.`, x, y + 24, { width: w });
}
