import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

// Mirrors 0167_integracao_webhooks.sql (the SQL is the source of truth): the shops' webhook
// endpoints, the events' outbox, deliveries and attempts (modules/integracao/webhooks).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type WebhookStatus = 'ativo' | 'pausado';
export type EntregaStatus = 'pendente' | 'entregue' | 'falhou' | 'cancelada';

export const integracaoWebhook = pgTable('integracao_webhook', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  empresa_id: integer('empresa_id').notNull(),
  url: varchar('url', { length: 500 }).notNull(),
  descricao: varchar('descricao', { length: 120 }),
  eventos: text('eventos').array().notNull(),
  segredo: text('segredo').notNull(),
  segredo_anterior: text('segredo_anterior'),
  segredo_anterior_expira_em: ts('segredo_anterior_expira_em'),
  status: varchar('status', { length: 12 }).$type<WebhookStatus>().notNull().default('ativo'),
  falhas_consecutivas: integer('falhas_consecutivas').notNull().default(0),
  pausado_em: ts('pausado_em'),
  pausado_motivo: varchar('pausado_motivo', { length: 200 }),
  aviso_pausa_pendente: boolean('aviso_pausa_pendente').notNull().default(false),
  criado_por: integer('criado_por'),
  criado_em: ts('criado_em').notNull().defaultNow(),
  atualizado_em: ts('atualizado_em').notNull().defaultNow(),
  removido_em: ts('removido_em'),
});

export const integracaoEvento = pgTable('integracao_evento', {
  id: uuid('id').primaryKey().defaultRandom(),
  empresa_id: integer('empresa_id').notNull(),
  tipo: varchar('tipo', { length: 40 }).notNull(),
  recurso: varchar('recurso', { length: 20 }).notNull(),
  recurso_id: integer('recurso_id').notNull(),
  sequencia: integer('sequencia').notNull(),
  dados: jsonb('dados').$type<Record<string, unknown>>().notNull(),
  dados_completos: boolean('dados_completos').notNull().default(true),
  criado_em: ts('criado_em').notNull().defaultNow(),
});

export const integracaoEntrega = pgTable('integracao_entrega', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  evento_id: uuid('evento_id').notNull(),
  webhook_id: integer('webhook_id').notNull(),
  status: varchar('status', { length: 12 }).$type<EntregaStatus>().notNull().default('pendente'),
  tentativas: integer('tentativas').notNull().default(0),
  proxima_tentativa: ts('proxima_tentativa').notNull().defaultNow(),
  ultima_tentativa_em: ts('ultima_tentativa_em'),
  ultimo_status_http: integer('ultimo_status_http'),
  entregue_em: ts('entregue_em'),
  reenvio: boolean('reenvio').notNull().default(false),
  criado_por: integer('criado_por'),
  criado_em: ts('criado_em').notNull().defaultNow(),
});

export const integracaoEntregaTentativa = pgTable('integracao_entrega_tentativa', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  entrega_id: bigint('entrega_id', { mode: 'number' }).notNull(),
  em: ts('em').notNull().defaultNow(),
  status_http: integer('status_http'),
  latencia_ms: integer('latencia_ms').notNull(),
  sucesso: boolean('sucesso').notNull(),
  resposta: varchar('resposta', { length: 1024 }),
  erro: varchar('erro', { length: 300 }),
});
