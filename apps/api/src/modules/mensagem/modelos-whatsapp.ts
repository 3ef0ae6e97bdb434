import type { WhatsappTemplate } from '../../adapters/messaging/messaging.js';

/**
 * The WhatsApp templates this app sends (docs/messaging.md "WhatsApp: modelos aprovados"). Outside
 * the 24 h customer-service window the Cloud API only delivers a template Meta approved, by name
 * and language (pt_BR), with its body variables `{{1}}`, `{{2}}`… in order. Each one below must be
 * registered at Meta (WhatsApp Manager > Modelos de mensagem) with exactly this name, category and
 * body; the body here is what the Mensagens screen shows and what the docs list.
 *
 * A message enqueued with its own template (`whatsappTemplate`) uses it; one without (the
 * signature invitations, the SPC notice, anything a feature writes as free text) goes outside the
 * window as `bg_mensagem` / `bg_mensagem_link`, its text as the variable — free text within
 * Meta's rules for a variable (no line breaks or tabs, no more than four spaces in a row, at most
 * 1024 characters).
 */
export type ModeloWhatsapp = { nome: string; categoria: 'UTILITY' | 'MARKETING'; corpo: string; variaveis: string[] };

export const MODELOS_WHATSAPP = {
  bg_mensagem: {
    nome: 'bg_mensagem',
    categoria: 'UTILITY',
    corpo: 'Mensagem de Boleto Garantido: {{1}} Para não receber mais mensagens por aqui, responda SAIR.',
    variaveis: ['o texto da mensagem'],
  },
  bg_mensagem_link: {
    nome: 'bg_mensagem_link',
    categoria: 'UTILITY',
    corpo: 'Mensagem de Boleto Garantido: {{1}} Acesse: {{2}} Para não receber mais mensagens por aqui, responda SAIR.',
    variaveis: ['o texto da mensagem', 'o endereço (link)'],
  },
  bg_documento: {
    nome: 'bg_documento',
    categoria: 'UTILITY',
    corpo: '[cabeçalho: documento] Mensagem de Boleto Garantido: {{1}} O documento segue em anexo. Para não receber mais mensagens por aqui, responda SAIR.',
    variaveis: ['o texto da mensagem (o cabeçalho leva o PDF)'],
  },
  bg_lembrete_vencimento: {
    nome: 'bg_lembrete_vencimento',
    categoria: 'UTILITY',
    corpo: 'Olá, {{1}}. Você tem uma mensagem de {{2}} (CNPJ {{3}}). Lembrete: a parcela vence em {{4}}. Linha digitável: {{5}} Segunda via e Pix: {{6}} Para não receber mais mensagens por aqui, responda SAIR.',
    variaveis: ['primeiro nome', 'nome do credor', 'CNPJ do credor', 'vencimento (dd/mm/aaaa)', 'linha digitável', 'link da página do pagador'],
  },
  bg_cobranca: {
    nome: 'bg_cobranca',
    categoria: 'UTILITY',
    corpo: 'Olá, {{1}}. Você tem uma mensagem de {{2}} (CNPJ {{3}}). A parcela com vencimento em {{4}} está em aberto. Linha digitável: {{5}} Segunda via e Pix: {{6}} Para não receber mais mensagens por aqui, responda SAIR.',
    variaveis: ['primeiro nome', 'nome do credor', 'CNPJ do credor', 'vencimento (dd/mm/aaaa)', 'linha digitável', 'link da página do pagador'],
  },
  bg_spc_aviso: {
    nome: 'bg_spc_aviso',
    categoria: 'UTILITY',
    corpo: 'Olá, {{1}}. Você tem uma mensagem de {{2}} (CNPJ {{3}}). Aviso conforme o art. 43, § 2º, do Código de Defesa do Consumidor: {{4}} Para não receber mais mensagens por aqui, responda SAIR.',
    variaveis: ['primeiro nome', 'nome do credor', 'CNPJ do credor', 'o texto do aviso'],
  },
  bg_saida_confirmada: {
    nome: 'bg_saida_confirmada',
    categoria: 'UTILITY',
    corpo: 'Pronto: você não receberá mais mensagens de Boleto Garantido por WhatsApp. Para voltar a receber, fale com a loja.',
    variaveis: [],
  },
} as const satisfies Record<string, ModeloWhatsapp>;

export type NomeModeloWhatsapp = keyof typeof MODELOS_WHATSAPP;

/** A template variable as Meta accepts it: one line, no tabs, at most four spaces in a row, ≤ 1024 characters. */
export function variavelWhatsapp(value: string, max = 1024): string {
  const flat = value.replace(/[\t\r\n]+/g, ' ').replace(/ {4,}/g, '   ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat || '—';
}

/** The template a message goes as outside the window: its own, else the generic one for its text (and link, or document). */
export function modeloParaMensagem(message: { text: string; link?: string | null; whatsappTemplate?: WhatsappTemplate | null; hasDocument?: boolean }): WhatsappTemplate {
  if (message.whatsappTemplate) return { name: message.whatsappTemplate.name, variables: message.whatsappTemplate.variables.map((v) => variavelWhatsapp(v)) };
  if (message.hasDocument) return { name: 'bg_documento', variables: [variavelWhatsapp(message.text)] };
  if (message.link && !message.text.includes(message.link)) return { name: 'bg_mensagem_link', variables: [variavelWhatsapp(message.text, 900), variavelWhatsapp(message.link, 120)] };
  return { name: 'bg_mensagem', variables: [variavelWhatsapp(message.text)] };
}
