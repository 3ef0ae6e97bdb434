import type { Descadastro } from './descadastro.js';
import { escapeHtml } from './modelos-email.js';

/**
 * The small public pages of the descadastro (pt-BR): the confirmation asked by the e-mail's link
 * (a GET never changes anything: mail scanners and link previews open links), the outcome, and the
 * refusal of a forged or expired link. Plain HTML, no script; their own CSP lets the form post back.
 */
export const DESCADASTRO_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const DESCADASTRO_TEXTO = {
  titulo: 'Descadastro de e-mails',
  pergunta: 'Você não quer mais receber e-mails de Boleto Garantido?',
  explicacao: 'Ao confirmar, deixaremos de enviar mensagens por e-mail para você, inclusive lembretes de vencimento. Os boletos continuam valendo e podem ser consultados na página do pagador.',
  botao: 'Confirmar descadastro',
  feito: 'Pronto: você não receberá mais e-mails de Boleto Garantido.',
  jaFeito: 'Você já estava descadastrado: não receberá mais e-mails de Boleto Garantido.',
  voltar: 'Para voltar a receber, fale com a loja ou use a página do pagador.',
  invalido: 'Este link de descadastro é inválido ou expirou. Para não receber mais e-mails, use o link de uma mensagem recente, responda ao e-mail pedindo o descadastro ou fale com a loja.',
} as const;

function pagina(corpo: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${DESCADASTRO_TEXTO.titulo}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:560px;margin:40px auto;padding:0 16px;line-height:1.5">
<h1 style="font-size:22px">${DESCADASTRO_TEXTO.titulo}</h1>
${corpo}
</body>
</html>`;
}

/** The confirmation: one button that posts back to the same signed address. */
export function paginaConfirmacao(acao: string): string {
  return pagina(`<p>${DESCADASTRO_TEXTO.pergunta}</p>
<p>${DESCADASTRO_TEXTO.explicacao}</p>
<form method="post" action="${escapeHtml(acao)}"><button type="submit" style="font-size:16px;padding:10px 18px">${DESCADASTRO_TEXTO.botao}</button></form>`);
}

/** The outcome of a confirmation, or the refusal of the link. */
export function paginaResultado(resultado: Descadastro): string {
  if (resultado === 'invalido') return pagina(`<p role="alert">${DESCADASTRO_TEXTO.invalido}</p>`);
  return pagina(`<p role="status">${resultado === 'descadastrado' ? DESCADASTRO_TEXTO.feito : DESCADASTRO_TEXTO.jaFeito}</p>
<p>${DESCADASTRO_TEXTO.voltar}</p>`);
}
