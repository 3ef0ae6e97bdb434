import { integer, jsonb, pgTable, primaryKey, text, timestamp, varchar, char } from 'drizzle-orm/pg-core';

// Mirrors 0163_integracao_chaves.sql (the SQL is the source of truth): the public API's keys, their
// hashed secrets (rotation: several per key, one current) and the idempotency answers
// (modules/integracao).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apiChave = pgTable('api_chave', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  empresa_id: integer('empresa_id').notNull(),
  nome: varchar('nome', { length: 80 }).notNull(),
  escopos: text('escopos').array().notNull(),
  ips: text('ips').array().notNull().default([]),
  expira_em: ts('expira_em'),
  criado_por: integer('criado_por').notNull(),
  criado_em: ts('criado_em').notNull().defaultNow(),
  ultimo_uso_em: ts('ultimo_uso_em'),
  ultimo_uso_ip: varchar('ultimo_uso_ip', { length: 64 }),
  revogada_em: ts('revogada_em'),
  revogada_por: integer('revogada_por'),
});

export const apiChaveSegredo = pgTable('api_chave_segredo', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  chave_id: integer('chave_id').notNull(),
  prefixo: varchar('prefixo', { length: 24 }).notNull(),
  hash: char('hash', { length: 64 }).notNull(),
  criado_por: integer('criado_por').notNull(),
  criado_em: ts('criado_em').notNull().defaultNow(),
  valido_ate: ts('valido_ate'),
});

export const apiIdempotencia = pgTable(
  'api_idempotencia',
  {
    chave_id: integer('chave_id').notNull(),
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    rota: varchar('rota', { length: 120 }).notNull(),
    corpo_hash: char('corpo_hash', { length: 64 }).notNull(),
    status_http: integer('status_http').notNull(),
    resposta: jsonb('resposta').$type<Record<string, unknown>>().notNull(),
    criado_em: ts('criado_em').notNull().defaultNow(),
    expira_em: ts('expira_em').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chave_id, t.idempotency_key] })],
);
