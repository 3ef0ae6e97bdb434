/**
 * The e-mail templates (docs/messaging.md "Canais"): every e-mail has a text body and an HTML body
 * made from the same words. A template is text with `{{name}}` placeholders; `renderTexto` fills
 * them as they are, `renderHtml` HTML-escapes each value first (a person's name cannot inject
 * markup into the message). `emailHtml` wraps a message's text and link in the house layout: the
 * text's paragraphs and line breaks kept, the link as a button and, below it, written out (some
 * mail clients show no buttons).
 */
export type ModeloVars = Record<string, string | number | null | undefined>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g;

/** Fills `{{name}}` with the values as given; a missing value is an error (never a blank in a message sent). */
export function renderTexto(modelo: string, vars: ModeloVars): string {
  return modelo.replace(PLACEHOLDER, (_m, name: string) => valueOf(vars, name));
}

/** Fills `{{name}}` with HTML-escaped values: the template's own markup stays, the values cannot add any. */
export function renderHtml(modelo: string, vars: ModeloVars): string {
  return modelo.replace(PLACEHOLDER, (_m, name: string) => escapeHtml(valueOf(vars, name)));
}

function valueOf(vars: ModeloVars, name: string): string {
  const v = vars[name];
  if (v === undefined || v === null) throw new Error(`modelo: variável sem valor: ${name}`);
  return String(v);
}

/** Only http(s) links become buttons; anything else stays text. */
const safeHref = (link: string) => (/^https?:\/\//i.test(link) ? link : null);

const LAYOUT = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{assunto}}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:15px;line-height:1.5">`;
const LAYOUT_CLOSE = `</td></tr>
</table>`;
const LAYOUT_END = `</td></tr>
</table>
</body>
</html>`;

/** Said where there is no descadastro link (a message to no known person). */
const RODAPE_SEM_LINK = 'Mensagem automática. Para não receber mais mensagens por e-mail, responda a este e-mail pedindo o descadastramento.';

/** The footer with the visible "descadastrar" link (the same address as the List-Unsubscribe header). */
export function rodapeDescadastroHtml(descadastro: string | null | undefined): string {
  const href = descadastro ? safeHref(descadastro) : null;
  const texto = href
    ? `Mensagem automática. Para não receber mais e-mails de Boleto Garantido, <a href="${escapeHtml(href)}" style="color:#52606d">descadastrar</a>.`
    : RODAPE_SEM_LINK;
  return `<p style="font-size:12px;color:#7b8794;margin-top:16px">${texto}</p>`;
}

/** A message's own HTML (it replaced the layout) with the descadastro footer before </body>, or at the end. */
export function comRodapeDescadastro(html: string, descadastro: string | null | undefined): string {
  if (!descadastro) return html;
  const rodape = rodapeDescadastroHtml(descadastro);
  const fim = html.search(/<\/body>/i);
  return fim === -1 ? `${html}\n${rodape}` : `${html.slice(0, fim)}${rodape}\n${html.slice(fim)}`;
}

/** The HTML body of a message: the layout, its text (escaped, paragraphs and line breaks kept) and its link as a button. */
export function emailHtml(input: { subject?: string | null; text: string; link?: string | null; descadastro?: string | null }): string {
  const paragraphs = input.text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const href = input.link ? safeHref(input.link) : null;
  const button = href
    ? `\n<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">Abrir</a></p>\n<p style="font-size:12px;color:#52606d;word-break:break-all">Se o botão não funcionar, copie este endereço no navegador: ${escapeHtml(href)}</p>`
    : '';
  return renderHtml(LAYOUT, { assunto: input.subject ?? 'Mensagem' }) + paragraphs + button + LAYOUT_CLOSE + rodapeDescadastroHtml(input.descadastro) + LAYOUT_END;
}

/** The text body: the message, its link on a line of its own when the text does not already carry it, and the descadastro link. */
export function emailTexto(input: { text: string; link?: string | null; descadastro?: string | null }): string {
  const text = input.text.trim();
  const body = input.link && !text.includes(input.link) ? `${text}\n\n${input.link}` : text;
  return input.descadastro ? `${body}\n\n--\nPara não receber mais e-mails de Boleto Garantido, descadastrar: ${input.descadastro}` : body;
}
