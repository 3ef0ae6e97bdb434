import { formatCpfCnpj, formatDateTimeBR, formatPhone, type AssinaturaTipo } from '@bg/domain';
import type { Pdf } from './document.js';
import { fmt } from './slip.js';

/** Everything the certificate page of a signed duplicata prints (docs/assinatura.md "Evidence"). */
export type CertificadoAssinaturaData = {
  solicitacaoId: number;
  protocolo: string;
  emitente: { nome: string; documento: string };
  sacado: { nome: string; documento: string };
  parcelas: number;
  totalCents: number;
  documento: { nome: string; sha256: string; paginas: number; bytes: number };
  envio: { em: Date; por: string; whatsapp: string; email: string; validoAte: Date };
  abertura: { em: Date; ip: string | null; userAgent: string | null } | null;
  assinatura: { em: Date; nome: string; documento: string; ip: string | null; userAgent: string | null; aceite: string };
  tipo: AssinaturaTipo;
  certificadoTitular: string | null;
};

const LEGAL_EVIDENCIAS =
  'Assinatura eletrônica avançada por evidências (Lei nº 14.063/2020, art. 4º, II; MP nº 2.200-2/2001, art. 10, § 2º). ' +
  'A autoria é demonstrada pelo link pessoal, secreto e de uso único enviado ao WhatsApp e ao e-mail do comprador, pela ' +
  'confirmação do seu CPF/CNPJ e nome completo e pelos registros acima; a integridade, pelo SHA-256 do documento original, ' +
  'calculado no envio e conferido no momento da assinatura. As páginas anteriores são o documento original, sem alteração.';

const legalPades = (titular: string) =>
  `${LEGAL_EVIDENCIAS} Este arquivo foi ainda assinado digitalmente no padrão PAdES com o certificado A1 de ${titular}, ` +
  'que sela o documento e estes registros: qualquer alteração posterior do arquivo invalida a assinatura digital.';

const tz = (d: Date) => `${formatDateTimeBR(d)} (horário de Brasília)`;

/**
 * The page appended to the duplicatas when the buyer signs: the document's identity and hash, who
 * sent it where, when it was opened and signed, by whom, from which IP and browser, the accepted
 * declaration, and the legal basis of the signature.
 */
export function writeCertificadoAssinatura(doc: Pdf, c: CertificadoAssinaturaData): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const labelW = 150;
  doc.font('bold').fontSize(14).fillColor('#000').text('Certificado de Assinatura Eletrônica', x, doc.page.margins.top, { width: w, align: 'center' });
  doc.font('regular').fontSize(9).fillColor('#333').text(`Duplicatas de venda mercantil — garantia ${c.protocolo} — solicitação nº ${c.solicitacaoId}`, { width: w, align: 'center' });
  doc.moveDown(0.8);

  const section = (title: string) => {
    doc.moveDown(0.5);
    const y = doc.y;
    doc.lineWidth(0.5).strokeColor('#999').moveTo(x, y).lineTo(x + w, y).stroke().strokeColor('#000');
    doc.font('bold').fontSize(10).fillColor('#000').text(title, x, y + 4, { width: w });
    doc.moveDown(0.2);
  };
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('bold').fontSize(8).fillColor('#333').text(label, x, y, { width: labelW });
    const labelBottom = doc.y;
    doc.font('regular').fontSize(8).fillColor('#000').text(value || '—', x + labelW, y, { width: w - labelW });
    doc.x = x;
    doc.y = Math.max(doc.y, labelBottom) + 2;
  };

  section('Documento');
  row('Documento original', `${c.documento.nome} — ${c.documento.paginas} página(s), ${c.documento.bytes} bytes`);
  row('SHA-256 do original', c.documento.sha256);
  row('Conteúdo', `${c.parcelas} duplicata(s), total de ${fmt.money(c.totalCents)}`);
  row('Vendedor (emitente)', `${c.emitente.nome} — CNPJ ${formatCpfCnpj(c.emitente.documento)}`);
  row('Comprador (sacado)', `${c.sacado.nome} — ${formatCpfCnpj(c.sacado.documento)}`);

  section('Envio do link de assinatura');
  row('Enviado em', tz(c.envio.em));
  row('Enviado por', c.envio.por);
  row('WhatsApp', formatPhone(c.envio.whatsapp));
  row('E-mail', c.envio.email);
  row('Link', `pessoal, secreto e de uso único, válido até ${tz(c.envio.validoAte)}; o sistema guarda apenas o seu SHA-256`);

  section('Abertura');
  if (c.abertura) {
    row('Aberto em', tz(c.abertura.em));
    row('IP', c.abertura.ip ?? '');
    row('Navegador', c.abertura.userAgent ?? '');
  } else {
    row('Aberto em', 'não registrado');
  }

  section('Assinatura');
  row('Assinado em', tz(c.assinatura.em));
  row('Nome informado', c.assinatura.nome);
  row('CPF/CNPJ informado', `${formatCpfCnpj(c.assinatura.documento)} (confere com o do comprador)`);
  row('IP', c.assinatura.ip ?? '');
  row('Navegador', c.assinatura.userAgent ?? '');
  row('Declaração aceita', c.assinatura.aceite);

  section('Validade jurídica');
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#000')
    .text(c.tipo === 'PADES' && c.certificadoTitular ? legalPades(c.certificadoTitular) : LEGAL_EVIDENCIAS, x, doc.y, { width: w, align: 'justify' });
  doc.moveDown(0.6);
  doc
    .fontSize(7)
    .fillColor('#555')
    .text(
      'O SHA-256 deste arquivo assinado fica registrado no sistema e é informado ao comprador por e-mail; confira-o para ' +
        'verificar que o arquivo não foi alterado depois da assinatura.',
      { width: w, align: 'justify' },
    );
}
