import { formatCpfCnpj } from '../documents/cpf-cnpj.js';
import { formatDateBR } from '../dates/calendar.js';
import { formatBRL } from '../money/format-brl.js';
import type { Cents } from '../money/cents.js';

/**
 * The régua's message templates (docs/messaging.md "Régua de cobrança"): a small named catalogue,
 * chosen per step. A template is only the body; `renderReguaMensagem` wraps it so every message,
 * whatever the template, follows CDC art. 42 and 42-A by construction:
 * - the first line (what a phone shows in the notification, the e-mail preview) and the e-mail
 *   subject say only who writes — "Mensagem de {credor}" — never the debt (art. 42: no exposure
 *   to whoever sees the screen);
 * - the creditor's name and CNPJ close every message (art. 42-A): the beneficiário of the boleto's
 *   conta de cobrança, as the boleto's PDF names it;
 * - the way out of the channel (SAIR on WhatsApp; answering the e-mail) is always offered (LGPD art. 18).
 * The bodies carry no threat, no mention of third parties, courts, protest or credit bureaus
 * (`TERMOS_PROIBIDOS`, checked by the domain's tests): a reminder informs and offers the ways to pay.
 */
export type ReguaVariaveis = {
  /** The payer's name as registered (only the first name is written). */
  nome: string;
  /** The shop that sold (fantasia). */
  loja: string;
  valorCents: Cents;
  vencimento: string;
  parcela: number;
  qtdParcelas: number;
  linhaDigitavel: string;
  /** The Pix copy-and-paste code, when the boleto has one. */
  pix: string | null;
  /** The payer page's link (/pagar/{codigo}), valid 7 days. */
  link: string;
  credor: { nome: string; cnpj: string };
};

export type ReguaTemplate = {
  nome: string;
  /** Before/on the due date ('lembrete') or after it ('cobranca'); the catalogue lets any step use any. */
  momento: 'lembrete' | 'cobranca';
  /** The body, with {variables}: nome, loja, valor, vencimento, parcela, linha_digitavel, pix, link. A line with {pix} is left out when there is no Pix code. */
  texto: string;
};

export const REGUA_TEMPLATES = {
  lembrete_antecipado: {
    nome: 'Lembrete antes do vencimento',
    momento: 'lembrete',
    texto:
      'A parcela {parcela} da sua compra na {loja}, de {valor}, vence em {vencimento}.\n' +
      'Para pagar, use a linha digitável: {linha_digitavel}\n' +
      'Pix copia e cola: {pix}\n' +
      'Segunda via e outras opções: {link}\n' +
      'Se já pagou, desconsidere esta mensagem.',
  },
  lembrete_dia: {
    nome: 'Vence hoje',
    momento: 'lembrete',
    texto:
      'Hoje é o vencimento da parcela {parcela} da sua compra na {loja}, de {valor}.\n' +
      'Linha digitável: {linha_digitavel}\n' +
      'Pix copia e cola: {pix}\n' +
      'Segunda via: {link}\n' +
      'Se já pagou, desconsidere esta mensagem.',
  },
  atraso_amigavel: {
    nome: 'Atraso — lembrete amigável',
    momento: 'cobranca',
    texto:
      'Não identificamos o pagamento da parcela {parcela} da sua compra na {loja}, de {valor}, com vencimento em {vencimento}.\n' +
      'Pode ter sido um esquecimento: o valor atualizado e a segunda via estão em {link}\n' +
      'Linha digitável original: {linha_digitavel}\n' +
      'Pix copia e cola: {pix}\n' +
      'Se já pagou, desconsidere esta mensagem.',
  },
  atraso_segundo_aviso: {
    nome: 'Atraso — segundo aviso',
    momento: 'cobranca',
    texto:
      'A parcela {parcela} da sua compra na {loja}, vencida em {vencimento}, continua em aberto ({valor} mais encargos).\n' +
      'Regularize pela página {link}, onde estão o valor atualizado e a segunda via.\n' +
      'Se precisar de outra condição de pagamento, responda esta mensagem que entraremos em contato.\n' +
      'Se já pagou, desconsidere esta mensagem.',
  },
  atraso_negociacao: {
    nome: 'Atraso — convite para negociar',
    momento: 'cobranca',
    texto:
      'A parcela {parcela} da sua compra na {loja}, vencida em {vencimento}, ainda está em aberto.\n' +
      'Queremos ajudar você a regularizar: podemos propor um acordo com parcelas que caibam no seu orçamento.\n' +
      'Responda esta mensagem ou acesse {link} para ver o valor atualizado.\n' +
      'Se já pagou, desconsidere esta mensagem.',
  },
} as const satisfies Record<string, ReguaTemplate>;

export type ReguaTemplateId = keyof typeof REGUA_TEMPLATES;
export const REGUA_TEMPLATE_IDS = Object.keys(REGUA_TEMPLATES) as [ReguaTemplateId, ...ReguaTemplateId[]];

/** Words a collection message never carries (CDC art. 42: no threat, no embarrassment, no third parties). */
export const TERMOS_PROIBIDOS = ['protesto', 'processo', 'justiça', 'judicial', 'polícia', 'prisão', 'spc', 'serasa', 'negativa', 'cartório', 'vizinh', 'famil', 'empregador', 'trabalho', 'último aviso', 'urgente'];

const primeiroNome = (nome: string) => {
  const first = nome.trim().split(/\s+/)[0] ?? '';
  return first ? first.charAt(0).toUpperCase() + first.slice(1).toLowerCase() : 'cliente';
};

/** "Mensagem de {credor}": the e-mail subject and the first line; nothing about the debt. */
export const reguaAssunto = (credorNome: string) => `Mensagem de ${credorNome}`;

/**
 * The message of a step: subject (e-mail) and text. `canal` decides the opt-out line. Pure: the
 * preview ("Próximos envios") and the send render with the same function.
 */
export function renderReguaMensagem(template: ReguaTemplateId, canal: 'whatsapp' | 'email', v: ReguaVariaveis): { subject: string; text: string } {
  const values: Record<string, string> = {
    nome: primeiroNome(v.nome),
    loja: v.loja,
    valor: formatBRL(v.valorCents),
    vencimento: formatDateBR(v.vencimento),
    parcela: `${v.parcela}/${v.qtdParcelas}`,
    linha_digitavel: v.linhaDigitavel,
    pix: v.pix ?? '',
    link: v.link,
  };
  const body = REGUA_TEMPLATES[template].texto
    .split('\n')
    .filter((line) => v.pix || !line.includes('{pix}'))
    .map((line) => line.replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m))
    .join('\n');
  const cnpj = formatCpfCnpj(v.credor.cnpj);
  const saida =
    canal === 'whatsapp'
      ? 'Para não receber mais mensagens por WhatsApp, responda SAIR.'
      : 'Para não receber mais estes e-mails, responda com a palavra SAIR.';
  const text = [
    `Olá, ${values.nome}! ${reguaAssunto(v.credor.nome)}`.replace(/\.?$/, '.'),
    '',
    body,
    '',
    `Credor: ${v.credor.nome} — CNPJ ${cnpj}.`,
    saida,
  ].join('\n');
  return { subject: reguaAssunto(v.credor.nome), text };
}

/**
 * The variables of the approved WhatsApp templates bg_lembrete_vencimento / bg_cobranca (what a
 * régua message goes as outside the 24 h window): first name, creditor, its CNPJ, due date, linha
 * digitável, the payer page link.
 */
export function reguaWhatsappVariaveis(v: ReguaVariaveis): string[] {
  return [primeiroNome(v.nome), v.credor.nome, formatCpfCnpj(v.credor.cnpj), formatDateBR(v.vencimento), v.linhaDigitavel, v.link];
}
