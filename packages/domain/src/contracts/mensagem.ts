import { z } from 'zod';
import { idParamSchema, isoDateSchema, pagingQuerySchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, okData, okOnly, pagedOf, timestamp } from './envelope.js';

/**
 * The messaging outbox (WhatsApp / e-mail; DOMAIN.md Integrations): every message a feature sends
 * is a row first, sent by a background job through the provider of MESSAGING_PROVIDER
 * (docs/cobranca.md "Messaging outbox").
 */
const tags = ['mensagens'];

export const MENSAGEM_CHANNELS = ['whatsapp', 'email'] as const;
export type MensagemChannel = (typeof MENSAGEM_CHANNELS)[number];
export const mensagemChannelSchema = z.enum(MENSAGEM_CHANNELS);

/**
 * A message's state machine (docs/messaging.md "Estados de uma mensagem"): queued (waiting for, or
 * between, send attempts) → sent (the provider accepted it) → delivered (it reached the device or
 * mailbox) → read; or failed (refused for good, or attempts exhausted), or suppressed (not sent:
 * the person left the channel). It never goes backwards: a late "sent" after "read" is ignored.
 */
export const MENSAGEM_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'suppressed'] as const;
export type MensagemStatus = (typeof MENSAGEM_STATUSES)[number];
export const mensagemStatusSchema = z.enum(MENSAGEM_STATUSES);
/** The states after which the provider said it carried the message (sent or beyond). */
export const MENSAGEM_STATUSES_ENVIADA: readonly MensagemStatus[] = ['sent', 'delivered', 'read'];
/** Final states: nothing changes a message in them any more. */
export const MENSAGEM_STATUSES_FINAIS: readonly MensagemStatus[] = ['read', 'failed', 'suppressed'];
export const MENSAGEM_STATUS_TEXTO: Record<MensagemStatus, string> = {
  queued: 'Na fila',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
  suppressed: 'Suprimida',
};
/** The rank of a state on the way to `read` (failed/suppressed are off the path). */
export const MENSAGEM_STATUS_ORDEM: Record<MensagemStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4, suppressed: 4 };

/**
 * What a message is, and the LGPD art. 7 basis it is sent on (recorded per message, docs/messaging.md):
 * the contract's own messages (signature links, receipts, reminders of an instalment the person
 * owes) are the performance of the contract (V); collection after the due date is the regular
 * exercise of rights (VI); the SPC prior notice is credit protection (X).
 */
export const MENSAGEM_TIPOS = {
  assinatura: 'execucao_contrato',
  recibo: 'execucao_contrato',
  lembrete_vencimento: 'execucao_contrato',
  cobranca: 'exercicio_direitos',
  acordo: 'execucao_contrato',
  spc_aviso: 'protecao_credito',
  outro: 'execucao_contrato',
} as const;
export type MensagemTipo = keyof typeof MENSAGEM_TIPOS;
export type MensagemBaseLegal = (typeof MENSAGEM_TIPOS)[MensagemTipo];
export const MENSAGEM_BASE_LEGAL_TEXTO: Record<MensagemBaseLegal, string> = {
  execucao_contrato: 'Execução de contrato (LGPD art. 7º, V)',
  exercicio_direitos: 'Exercício regular de direitos (LGPD art. 7º, VI)',
  protecao_credito: 'Proteção do crédito (LGPD art. 7º, X)',
};
/** The kinds the collection schedule counts as collection messages (at most one per person per day). */
export const MENSAGEM_TIPOS_COBRANCA: readonly MensagemTipo[] = ['lembrete_vencimento', 'cobranca'];
export const MENSAGEM_TIPO_LISTA = Object.keys(MENSAGEM_TIPOS) as [MensagemTipo, ...MensagemTipo[]];
export const mensagemTipoSchema = z.enum(MENSAGEM_TIPO_LISTA);
export const MENSAGEM_TIPO_TEXTO: Record<MensagemTipo, string> = {
  assinatura: 'Assinatura',
  recibo: 'Recibo',
  lembrete_vencimento: 'Lembrete de vencimento',
  cobranca: 'Cobrança',
  acordo: 'Acordo',
  spc_aviso: 'Aviso de SPC',
  outro: 'Outra',
};
export const mensagemBaseLegalSchema = z.enum(['execucao_contrato', 'exercicio_direitos', 'protecao_credito']);

export const mensagemJson = z.object({
  id,
  channel: mensagemChannelSchema,
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  link: z.string().nullable(),
  status: mensagemStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** What the message is about ('spc_inclusao', 'garantia', …) and its id. */
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
  tipo: mensagemTipoSchema,
  /** The LGPD art. 7 basis recorded with it (MENSAGEM_BASE_LEGAL_TEXTO). */
  base_legal: mensagemBaseLegalSchema,
  pessoa_id: id.nullable(),
  pessoa_nome: z.string().nullable(),
  /** Who carried it ('smtp', 'whatsapp_cloud', 'webhook', 'outbox') and its id there (Message-ID, wamid). */
  provider: z.string().nullable(),
  provider_id: z.string().nullable(),
  /** The provider's error code when it refused (SMTP 550, WhatsApp 131026). */
  erro_codigo: z.string().nullable(),
  delivered_at: timestamp.nullable(),
  read_at: timestamp.nullable(),
  whatsapp_template: z.string().nullable(),
  /** Names of the files sent with it. */
  anexos: z.array(z.string()),
});

/** One step of a message's timeline. */
export const mensagemEventoJson = z.object({ id, status: z.string(), at: timestamp, detalhe: z.string().nullable() });

const allWhenEmpty = z.literal('').transform(() => undefined);

export const mensagemListQuery = pagingQuerySchema.extend({
  status: mensagemStatusSchema.optional().or(allWhenEmpty),
  channel: mensagemChannelSchema.optional().or(allWhenEmpty),
  tipo: mensagemTipoSchema.optional().or(allWhenEmpty),
  /** Created from / to (calendar days, São Paulo). */
  de: isoDateSchema.optional().or(allWhenEmpty),
  ate: isoDateSchema.optional().or(allWhenEmpty),
  /** Recipient, text, the person's name or the provider's id contains. */
  pesquisa: z.string().trim().max(100).optional(),
});

export const mensagemContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/mensagem/getAllPaginate', access: 'admin', tags,
    summary: 'Mensagens da caixa de saída (WhatsApp / e-mail), mais recentes primeiro',
    query: mensagemListQuery,
    response: pagedOf(mensagemJson),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/mensagem/getById/:id', access: 'admin', tags,
    summary: 'Uma mensagem, com a linha do tempo dos seus estados',
    params: idParamSchema,
    response: okData(mensagemJson.extend({ html: z.string().nullable(), whatsapp_vars: z.array(z.string()), eventos: z.array(mensagemEventoJson) })),
  }),
};

/**
 * The WhatsApp Cloud API's webhook: public by design (Meta calls it), authenticated by the
 * signature of its body — apart from the administradores' outbox calls above.
 */
export const mensagemWhatsappContracts = {
  /** Meta's verification handshake when the webhook URL is saved (answers hub.challenge as text). */
  whatsappWebhookVerify: defineContract({
    method: 'GET', path: '/api/mensagem/whatsapp/webhook', access: 'public', tags,
    summary: 'Verificação do webhook do WhatsApp (Meta): devolve hub.challenge quando hub.verify_token confere',
    query: z.object({
      'hub.mode': z.string().max(50).optional(),
      'hub.verify_token': z.string().max(500).optional(),
      'hub.challenge': z.string().max(500).optional(),
    }),
    file: { contentTypes: ['text/plain'], description: 'o hub.challenge recebido' },
  }),
  /** Statuses and inbound messages, signed with X-Hub-Signature-256 (docs/messaging.md). */
  whatsappWebhook: defineContract({
    method: 'POST', path: '/api/mensagem/whatsapp/webhook', access: 'public', tags,
    summary: 'Webhook do WhatsApp Cloud API (status das mensagens e mensagens recebidas); autenticado por X-Hub-Signature-256',
    response: okOnly,
    bodyLimit: 1024 * 1024,
  }),
};

/** The descadastro link's token: `<mensagem id>.<expiry, unix seconds>.<HMAC, base64url>`. */
const descadastroParams = z.object({ token: z.string().max(200) });

/**
 * Leaving e-mail from a message (docs/messaging.md "Descadastro"): the visible "descadastrar" link
 * and the List-Unsubscribe header of each e-mail to a person point here. Public by design — the
 * signed token is the credential; it names the message, never the person.
 */
export const mensagemDescadastroContracts = {
  /** The link in the e-mail: a confirmation page (a GET changes nothing — mail scanners open links). */
  pagina: defineContract({
    method: 'GET', path: '/api/mensagem/descadastro/:token', access: 'public', tags,
    summary: 'Página de confirmação do descadastro de e-mails (link da mensagem)',
    params: descadastroParams,
    file: { contentTypes: ['text/html'], description: 'página em português com o botão de confirmação' },
  }),
  /** The page's button and RFC 8058's one-click POST (body `List-Unsubscribe=One-Click`): the person leaves e-mail. */
  confirmar: defineContract({
    method: 'POST', path: '/api/mensagem/descadastro/:token', access: 'public', tags,
    summary: 'Descadastra a pessoa do canal e-mail (botão da página ou List-Unsubscribe-Post, RFC 8058)',
    params: descadastroParams,
    file: { contentTypes: ['text/html'], description: 'página em português confirmando o descadastro' },
    bodyLimit: 4096,
  }),
};
