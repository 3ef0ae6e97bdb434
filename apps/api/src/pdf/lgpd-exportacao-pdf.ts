import { formatBRL, formatCpfCnpj, formatDateBR, formatDateTimeBR, formatPhone, LGPD_RECURSO_LABEL, toCents } from '@bg/domain';
import type { ExportacaoLgpd } from '../modules/lgpd/exportar-dados.js';
import type { Pdf } from './document.js';
import { drawTable, type PdfColumn } from './table.js';

const reais = (v: number | null) => (v === null ? '' : formatBRL(toCents(v)));
const date = (v: string | null) => (v ? formatDateBR(v) : '');
const dateTime = (v: Date | null) => formatDateTimeBR(v);

/**
 * The data subject's report (LGPD art. 18, POST /api/lgpd/exportar/pdf): the same content as the
 * JSON export, one ruled table per section, for printing or sending to the person. Documents are
 * listed by name and date; the files themselves are not part of it.
 */
export function writeExportacaoLgpd(doc: Pdf, e: ExportacaoLgpd): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = doc.page.margins.top;

  doc.font('bold').fontSize(14).text('Relatório de dados pessoais (LGPD)', x, y, { width: w, align: 'center' });
  doc.font('regular').fontSize(9).text(`Titular: ${formatCpfCnpj(e.cpf_cnpj)}${e.titular ? ` — ${e.titular.nome_razao}` : ''}`, { width: w, align: 'center' });
  doc.text(`Gerado em ${dateTime(e.gerado_em)} por ${e.gerado_por} — Boleto Garantido (Lei 13.709/2018, art. 18)`, { width: w, align: 'center' });
  y = doc.y + 12;

  const heading = (title: string, count?: number) => {
    if (y + 50 > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.font('bold').fontSize(10).fillColor('#000').text(count === undefined ? title : `${title} (${count})`, x, y);
    y = doc.y + 4;
  };
  const empty = (text = 'Nenhum registro.') => {
    doc.font('regular').fontSize(8.5).text(text, x, y);
    y = doc.y + 10;
  };
  function section<T>(title: string, rows: T[], columns: [string, number, (r: T) => string][]) {
    heading(title, rows.length);
    if (!rows.length) return empty();
    const cols: PdfColumn<T>[] = columns.map(([header, share, value]) => ({ header, width: w * share, value }));
    y = drawTable(doc, x, y, cols, rows) + 12;
  }

  const fieldTable = (fields: [string, string][]) => {
    y = drawTable(doc, x, y, [
      { header: 'Campo', width: w * 0.3, value: (r: [string, string]) => r[0] },
      { header: 'Valor', width: w * 0.7, value: (r: [string, string]) => r[1] },
    ], fields) + 12;
  };

  heading('Identificação (comum a todas as lojas)');
  const t = e.titular;
  if (!t) empty('Nenhum cadastro de pessoa com este CPF/CNPJ.');
  else {
    fieldTable([
      ['Nome / Razão social', t.nome_razao],
      ['CPF/CNPJ', formatCpfCnpj(t.cpf_cnpj)],
      ['Data de nascimento', date(t.data_nascimento)],
      ['Cadastrado em', dateTime(t.created_at)],
    ]);
  }

  // each shop's view: what that shop typed (decision 104), marked by the shop
  for (const v of e.visoes) {
    heading(`Dados informados — ${v.loja}`);
    fieldTable([
      ['Nome / Razão social', v.nome_razao],
      ['Data de nascimento', date(v.data_nascimento)],
      ['Endereço', [v.endereco, v.numero, v.complemento, v.bairro, v.cidade, v.uf, v.cep].filter(Boolean).join(', ')],
      ['Telefones', [v.telefone1, v.telefone2].filter((p): p is string => !!p).map(formatPhone).join(' / ')],
      ['Ocupação', v.ocupacao ?? ''],
      ['Renda', reais(v.renda)],
      ['Referência comercial', [v.ref_comercial, v.tel_ref_comercial && formatPhone(v.tel_ref_comercial)].filter(Boolean).join(' — ')],
      ['Referência pessoal', [v.ref_pessoal, v.tel_ref_pessoal && formatPhone(v.tel_ref_pessoal)].filter(Boolean).join(' — ')],
      ['Sócio avalista', [v.socio_avalista, v.cpf_avalista && formatCpfCnpj(v.cpf_avalista)].filter(Boolean).join(' — ')],
      ['Atualizado em', dateTime(v.updated_at)],
    ]);
  }

  section('Telefones adicionais', e.telefones, [
    ['Telefone', 0.2, (r) => formatPhone(r.telefone)], ['Contato', 0.3, (r) => r.contato ?? ''], ['Loja', 0.28, (r) => r.loja], ['Incluído em', 0.22, (r) => dateTime(r.created_at)],
  ]);
  section('Documentos (somente a lista; os arquivos não fazem parte do relatório)', e.documentos, [
    ['Arquivo', 0.36, (r) => r.nome], ['Tipo', 0.16, (r) => r.tipo], ['Loja', 0.26, (r) => r.loja], ['Enviado em', 0.22, (r) => dateTime(r.created_at)],
  ]);
  section('Garantias', e.garantias, [
    ['Protocolo', 0.14, (r) => r.protocolo], ['Data', 0.18, (r) => dateTime(r.data)], ['Loja', 0.26, (r) => r.loja],
    ['Situação', 0.17, (r) => r.status], ['Motivo', 0.25, (r) => r.motivo ?? ''],
  ]);
  section('Boletos', e.boletos, [
    ['Boleto', 0.14, (r) => r.protocolo], ['Parcela', 0.08, (r) => String(r.parcela)], ['Vencimento', 0.13, (r) => date(r.vencimento)],
    ['Valor', 0.13, (r) => reais(r.valor)], ['Situação', 0.27, (r) => r.situacao ?? ''], ['Nosso número', 0.25, (r) => (r.nosso_numero === null ? '' : String(r.nosso_numero))],
  ]);
  section('Boletos avulsos', e.boletos_avulsos, [
    ['Nº', 0.1, (r) => String(r.id)], ['Vencimento', 0.15, (r) => date(r.vencimento)], ['Valor', 0.15, (r) => reais(r.valor)],
    ['Situação', 0.3, (r) => r.situacao], ['Emitido em', 0.3, (r) => dateTime(r.created_at)],
  ]);
  section('Acordos', e.acordos, [
    ['Nº', 0.08, (r) => String(r.id)], ['Descrição', 0.32, (r) => r.descricao], ['Situação', 0.18, (r) => r.status],
    ['Parcelas', 0.1, (r) => String(r.numero_parcelas)], ['Valor', 0.14, (r) => reais(r.valor)], ['Criado em', 0.18, (r) => dateTime(r.created_at)],
  ]);
  section('Anotações e agendamentos de cobrança', e.anotacoes, [
    ['Data', 0.14, (r) => date(r.data)], ['Descrição', 0.56, (r) => r.descricao], ['Situação', 0.14, (r) => r.status], ['Criada em', 0.16, (r) => dateTime(r.created_at)],
  ]);
  section('Inclusões no SPC', e.spc, [
    ['Situação', 0.15, (r) => r.status], ['Protocolo', 0.2, (r) => r.protocolo ?? ''], ['Valor', 0.15, (r) => reais(r.valor)],
    ['Incluída em', 0.25, (r) => dateTime(r.incluido_em)], ['Removida em', 0.25, (r) => dateTime(r.removido_em)],
  ]);
  section('Assinaturas digitais', e.assinaturas, [
    ['Situação', 0.14, (r) => r.status], ['E-mail', 0.26, (r) => r.email], ['Telefone', 0.15, (r) => formatPhone(r.telefone)],
    ['Enviada em', 0.15, (r) => dateTime(r.created_at)], ['Assinada em', 0.15, (r) => dateTime(r.signed_at)], ['IP', 0.15, (r) => r.signer_ip ?? ''],
  ]);
  section('Mensagens enviadas', e.mensagens, [
    ['Canal', 0.1, (r) => r.canal], ['Destinatário', 0.22, (r) => r.destinatario], ['Assunto', 0.33, (r) => r.assunto ?? r.texto.slice(0, 60)],
    ['Situação', 0.13, (r) => r.status], ['Enviada em', 0.22, (r) => dateTime(r.sent_at ?? r.created_at)],
  ]);
  section('Consultas do documento (pedidos de garantia)', e.consultas_documento, [
    ['Data', 0.25, (r) => dateTime(r.created_at)], ['Loja', 0.35, (r) => r.loja ?? ''], ['Resultado', 0.15, (r) => String(r.status)], ['Motivo', 0.25, (r) => r.motivo],
  ]);
  section('Consultas de crédito (bureau)', e.consultas_bureau, [
    ['Data', 0.25, (r) => dateTime(r.created_at)], ['Tipo', 0.2, (r) => r.tipo], ['Provedor', 0.2, (r) => r.provedor], ['Por', 0.35, (r) => r.usuario],
  ]);
  heading('Lista de CPFs suspeitos');
  if (e.cpf_suspeito) empty(`Incluído em ${dateTime(e.cpf_suspeito.created_at)}: ${e.cpf_suspeito.motivo}`);
  else empty('Não consta.');
  section('Acessos aos dados pessoais', e.acessos, [
    ['Data', 0.22, (r) => dateTime(r.created_at)], ['Usuário', 0.28, (r) => r.usuario ?? ''], ['Dado', 0.2, (r) => LGPD_RECURSO_LABEL[r.recurso]], ['Tela / chamada', 0.3, (r) => r.rota ?? ''],
  ]);
}
