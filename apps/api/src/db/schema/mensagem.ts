import type { MensagemChannel, MensagemStatus } from '@bg/domain';
import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors mensagem_outbox as 0002_core_model.sql created it and 0050_mensagem_outbox.sql reshaped it
// (the SQL is the source of truth). Written by modules/mensagem/enqueue-mensagem.ts only.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const mensagemOutbox = pgTable('mensagem_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  channel: varchar('channel', { length: 20 }).$type<MensagemChannel>().notNull(),
  recipient: varchar('recipient', { length: 150 }).notNull(),
  subject: varchar('subject', { length: 200 }),
  text: text('text').notNull(),
  link: varchar('link', { length: 500 }),
  status: varchar('status', { length: 20 }).$type<MensagemStatus>().notNull().default('pendente'),
  attempts: integer('attempts').notNull().default(0),
  last_error: text('last_error'),
  entity: varchar('entity', { length: 40 }),
  entity_id: varchar('entity_id', { length: 40 }),
  created_by: integer('created_by'),
  created_at: ts('created_at').notNull().defaultNow(),
  sent_at: ts('sent_at'),
});
