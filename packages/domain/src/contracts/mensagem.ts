import { z } from 'zod';
import { pagingQuerySchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, pagedOf, timestamp } from './envelope.js';

/**
 * The messaging outbox (WhatsApp / e-mail; DOMAIN.md Integrations): every message a feature sends
 * is a row first, sent by a background job through the provider of MESSAGING_PROVIDER
 * (docs/cobranca.md "Messaging outbox").
 */
const tags = ['mensagens'];

export const MENSAGEM_CHANNELS = ['whatsapp', 'email'] as const;
export type MensagemChannel = (typeof MENSAGEM_CHANNELS)[number];
export const mensagemChannelSchema = z.enum(MENSAGEM_CHANNELS);

/** pendente: waiting for (or between) send attempts; enviada: the provider accepted it; falhou: gave up. */
export const MENSAGEM_STATUSES = ['pendente', 'enviada', 'falhou'] as const;
export type MensagemStatus = (typeof MENSAGEM_STATUSES)[number];
export const mensagemStatusSchema = z.enum(MENSAGEM_STATUSES);

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
});

const allWhenEmpty = z.literal('').transform(() => undefined);

export const mensagemListQuery = pagingQuerySchema.extend({
  status: mensagemStatusSchema.optional().or(allWhenEmpty),
  channel: mensagemChannelSchema.optional().or(allWhenEmpty),
  /** Recipient or text contains. */
  pesquisa: z.string().trim().max(100).optional(),
});

export const mensagemContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/mensagem/getAllPaginate', access: 'admin', tags,
    summary: 'Mensagens da caixa de saída (WhatsApp / e-mail), mais recentes primeiro',
    query: mensagemListQuery,
    response: pagedOf(mensagemJson),
  }),
};
