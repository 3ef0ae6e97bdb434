import type { MensagemBaseLegal, MensagemChannel, MensagemStatus, MensagemTipo } from '@bg/domain';
import { boolean, char, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors mensagem_outbox as 0002_core_model.sql created it and 0050_mensagem_outbox.sql reshaped it
// and 0153/0154 extended it (the SQL is the source of truth). Rows are written by modules/mensagem/enqueue-mensagem.ts,
// their state by estado-mensagem.ts only.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const mensagemOutbox = pgTable('mensagem_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  channel: varchar('channel', { length: 20 }).$type<MensagemChannel>().notNull(),
  recipient: varchar('recipient', { length: 150 }).notNull(),
  subject: varchar('subject', { length: 200 }),
  text: text('text').notNull(),
  link: varchar('link', { length: 500 }),
  status: varchar('status', { length: 20 }).$type<MensagemStatus>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  last_error: text('last_error'),
  entity: varchar('entity', { length: 40 }),
  entity_id: varchar('entity_id', { length: 40 }),
  created_by: integer('created_by'),
  created_at: ts('created_at').notNull().defaultNow(),
  sent_at: ts('sent_at'),
  // 0153: the person and shop it is for, its kind and the LGPD basis of that kind
  pessoa_id: integer('pessoa_id'),
  empresa_id: integer('empresa_id'),
  tipo: varchar('tipo', { length: 30 }).$type<MensagemTipo>().notNull().default('outro'),
  base_legal: varchar('base_legal', { length: 40 }).$type<MensagemBaseLegal>().notNull().default('execucao_contrato'),
  // 0154: the real channels — HTML body, attachments by storage key, the WhatsApp template, who
  // carried it and its id there, the provider's error code, the delivery receipts
  html: text('html'),
  anexos: jsonb('anexos').$type<MensagemAnexo[]>().notNull().default([]),
  whatsapp_template: varchar('whatsapp_template', { length: 60 }),
  whatsapp_vars: jsonb('whatsapp_vars').$type<string[]>().notNull().default([]),
  provider: varchar('provider', { length: 20 }),
  provider_id: varchar('provider_id', { length: 200 }),
  erro_codigo: varchar('erro_codigo', { length: 40 }),
  delivered_at: ts('delivered_at'),
  read_at: ts('read_at'),
});

/** A file sent with a message: a storage key, read when the message is sent. */
export type MensagemAnexo = { key: string; filename: string; content_type: string };

// 0154: each message's timeline (one row per state entered, and per failed attempt).
export const mensagemEvento = pgTable('mensagem_evento', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  mensagem_id: integer('mensagem_id').notNull(),
  status: varchar('status', { length: 20 }).notNull(),
  at: ts('at').notNull().defaultNow(),
  detalhe: varchar('detalhe', { length: 500 }),
});

// 0154: WhatsApp messages people sent us (the inbound webhook): record, 24 h window, SAIR/PARAR.
export const whatsappRecebida = pgTable('whatsapp_recebida', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  wamid: varchar('wamid', { length: 200 }).notNull(),
  telefone: varchar('telefone', { length: 20 }).notNull(),
  pessoa_id: integer('pessoa_id'),
  tipo: varchar('tipo', { length: 30 }).notNull(),
  texto: text('texto'),
  recebida_em: ts('recebida_em').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

// 0153: opt-in / opt-out per person and channel, append-only (the latest row is the choice).
export const mensagemConsentimento = pgTable('mensagem_consentimento', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pessoa_id: integer('pessoa_id').notNull(),
  channel: varchar('channel', { length: 20 }).$type<MensagemChannel>().notNull(),
  aceito: boolean('aceito').notNull(),
  origem: varchar('origem', { length: 30 }).notNull(),
  detalhe: varchar('detalhe', { length: 300 }),
  created_by: integer('created_by'),
  created_at: ts('created_at').notNull().defaultNow(),
});

// 0153: the payer page's access codes (only their SHA-256), 7 days each.
export const pagadorLink = pgTable('pagador_link', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  codigo_hash: char('codigo_hash', { length: 64 }).notNull(),
  pessoa_id: integer('pessoa_id').notNull(),
  expires_at: ts('expires_at').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

// 0181: addresses a mail server refused for good in a late bounce (DSN 5.x.x); never written to again.
export const emailDevolvido = pgTable('email_devolvido', {
  endereco: varchar('endereco', { length: 150 }).primaryKey(),
  mensagem_id: integer('mensagem_id').notNull(),
  status: varchar('status', { length: 12 }).notNull(),
  motivo: varchar('motivo', { length: 500 }).notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
