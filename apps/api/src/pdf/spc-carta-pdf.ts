import type { SpcCarta } from '../modules/cobranca/spc-carta.js';
import type { Pdf } from './document.js';
import { boxRow } from './ficha.js';
import { fmt } from './slip.js';

const linhaEndereco = (d: SpcCarta['destinatario']) =>
  [`${d.endereco}, ${d.numero ?? 's/n'}${d.complemento ? ` — ${d.complemento}` : ''}`, `${d.bairro ? `${d.bairro} — ` : ''}${d.cidade}/${d.uf}`, `CEP ${fmt.cep(d.cep)}`];

/**
 * The SPC prior notice as a registered letter (carta registrada com Aviso de Recebimento; CDC art.
 * 43 § 2º, STJ Súmula 359; decision 116): the sender and addressee blocks placed for a window
 * envelope, the debt (creditor and CNPJ, shop, boleto, instalment, due date, value), the notice's
 * text with its period counted from the posting, and the AR box the operator fills (tracking code
 * and posting date) — the same data is then recorded on the SPC record.
 */
export function writeSpcCarta(doc: Pdf, c: SpcCarta): void {
  const x = doc.page.margins.left + 14;
  const w = doc.page.width - 2 * x;
  let y = doc.page.margins.top + 6;

  doc.font('bold').fontSize(8).fillColor('#000').text('CARTA REGISTRADA COM AVISO DE RECEBIMENTO (AR)', x, y, { width: w, align: 'right' });
  y += 16;
  // remetente (top left) and destinatário (the window: about 45 mm from the top)
  doc.font('regular').fontSize(7).fillColor('#333').text('Remetente', x, y);
  doc.font('bold').fontSize(9).fillColor('#000').text(c.remetente.nome, x, y + 9, { width: w * 0.55 });
  doc.font('regular').fontSize(8).text(`CNPJ ${c.remetente.cnpj ? fmt.doc(c.remetente.cnpj) : '—'}`, { width: w * 0.55 });
  if (c.remetente.endereco) doc.text(c.remetente.endereco, { width: w * 0.55 });

  y = Math.max(doc.y + 14, 128);
  const d = c.destinatario;
  doc.lineWidth(0.5).rect(x - 6, y - 6, w * 0.6, 78).stroke();
  doc.font('regular').fontSize(7).fillColor('#333').text('Destinatário', x, y);
  doc.font('bold').fontSize(10).fillColor('#000').text(d.nome, x, y + 9, { width: w * 0.58 - 8 });
  doc.font('regular').fontSize(9).text(`CPF/CNPJ ${fmt.doc(d.cpf_cnpj)}`, { width: w * 0.58 - 8 });
  for (const l of linhaEndereco(d)) doc.text(l, { width: w * 0.58 - 8 });

  y += 92;
  doc.font('regular').fontSize(9).text(`Emitida em ${fmt.date(c.emitida_em)} — Aviso nº ${c.id}`, x, y, { width: w, align: 'right' });
  y += 18;
  doc.font('bold').fontSize(12).text('Aviso prévio de inclusão em cadastro de proteção ao crédito', x, y, { width: w, align: 'center' });
  doc.font('regular').fontSize(8).text('Código de Defesa do Consumidor, art. 43, § 2º', { width: w, align: 'center' });
  y = doc.y + 10;

  y = boxRow(doc, x, y, 22, [
    { label: 'Credor', value: c.debito.credor, w: w * 0.65 },
    { label: 'CNPJ do credor', value: c.debito.credor_cnpj ? fmt.doc(c.debito.credor_cnpj) : '—', w: w * 0.35 },
  ]);
  y = boxRow(doc, x, y, 22, [
    { label: 'Loja (compra)', value: c.debito.loja, w: w * 0.34 },
    { label: 'Boleto', value: c.debito.protocolo, w: w * 0.16 },
    { label: 'Parcela', value: `${c.debito.parcela}/${c.debito.qtd_parcelas}`, w: w * 0.12 },
    { label: 'Vencimento', value: fmt.date(c.debito.vencimento), w: w * 0.18 },
    { label: 'Valor do débito', value: fmt.money(c.debito.valor_cents), w: w * 0.2, bold: true },
  ]);
  y += 14;
  doc.font('regular').fontSize(10).fillColor('#000').text(c.texto, x, y, { width: w, align: 'justify', lineGap: 2 });
  y = doc.y + 16;

  // the AR: what the operator fills in after posting (and records on the SPC record)
  doc.font('bold').fontSize(9).text('Aviso de Recebimento (AR) — preencher na postagem', x, y);
  y += 13;
  y = boxRow(doc, x, y, 26, [
    { label: 'Código de rastreamento do AR', value: c.carta_rastreio ?? ' ', w: w * 0.5 },
    { label: 'Data de postagem', value: c.carta_postada_em ? fmt.date(c.carta_postada_em) : ' ', w: w * 0.25 },
    { label: 'Prazo para inclusão', value: `${c.prazo_dias} dias após a postagem`, w: w * 0.25 },
  ]);
  y = boxRow(doc, x, y, 26, [
    { label: 'Recebido por (nome legível)', value: ' ', w: w * 0.5 },
    { label: 'Documento', value: ' ', w: w * 0.25 },
    { label: 'Data do recebimento', value: ' ', w: w * 0.25 },
  ]);
  doc.font('regular').fontSize(7).fillColor('#555').text(
    'Se o pagamento já foi feito, desconsidere este aviso. Se a inclusão for feita, o registro será excluído em até 5 dias úteis após o pagamento integral (STJ, Súmula 548).',
    x, y + 8, { width: w },
  );
  doc.fillColor('#000');
}
