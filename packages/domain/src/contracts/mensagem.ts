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
