import type { Pdf } from './document.js';
import { boxRow } from './ficha.js';
import { fmt } from './slip.js';

export type ComprovanteData = {
  codigo: string;
  situacao: string;
  recebidoEm: string;
  recebidoPor: string | null;
  loja: string;
  lojaCnpj: string;
  cliente: string;
  cpfCnpj: string;
  protocolo: string;
  parcela: string;
  vencimento: string;
  valorCents: number;
  nossoNumero: string | null;
  linhaDigitavel: string | null;
};

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function lines(c: ComprovanteData): [string, string][] {
  return [
    ['Loja', `${c.loja} — CNPJ ${fmt.doc(c.lojaCnpj)}`],
    ['Cliente', c.cliente],
    ['CPF/CNPJ', fmt.doc(c.cpfCnpj)],
    ['Garantia', c.protocolo],
    ['Parcela', c.parcela],
    ['Vencimento', fmt.date(c.vencimento)],
    ['Valor', fmt.money(c.valorCents)],
    ['Nosso número', c.nossoNumero ?? '—'],
    ['Linha digitável', c.linhaDigitavel ?? '—'],
    ['Recebido em', c.recebidoEm],
    ['Registrado por', c.recebidoPor ?? '—'],
    ['Situação', c.situacao],
  ];
}

const TITLE = 'Comprovante de Recebimento';
const TEXT = 'Declaramos que o boleto abaixo foi pago diretamente à loja e baixado da cobrança.';

/** The public receipt page (reachable only by its token). Self-contained: inline CSS, no script. */
export function comprovanteHtml(c: ComprovanteData, pdfHref: string): string {
  const rows = lines(c).map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${TITLE}</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.45rem .6rem;text-align:left}
th{background:#f4f6f8;width:35%}small{color:#555}a{color:#1864ab}</style></head>
<body><h1>${TITLE}</h1><p>${esc(TEXT)}</p><table>${rows}</table>
<p><small>Código de autenticação: ${esc(c.codigo)}</small></p><p><a href="${esc(pdfHref)}">Baixar em PDF</a></p></body></html>`;
}

export function writeComprovante(doc: Pdf, c: ComprovanteData): void {
  const x = doc.page.margins.left;
  const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('bold').fontSize(14).text(TITLE, x, doc.page.margins.top, { width: w, align: 'center' });
  doc.font('regular').fontSize(9).text(TEXT, { width: w, align: 'center' });
  let y = doc.y + 12;
  for (const [label, value] of lines(c)) y = boxRow(doc, x, y, 22, [{ label, value, w }]);
  doc.font('regular').fontSize(7).text(`Código de autenticação: ${c.codigo}`, x, y + 10, { width: w });
}
