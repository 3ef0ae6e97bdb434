import type { ReguaCanal, ReguaTemplateId } from '@bg/domain';
import { bigint, boolean, date, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0157_regua_cobranca.sql (the SQL is the source of truth): the collection
// schedule (decision 115, docs/messaging.md "Régua de cobrança").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type ReguaEnvioStatus = 'AGENDADO' | 'ENFILEIRADO' | 'IGNORADO';

export const regua = pgTable('regua', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** null: the default régua */
  empresa_id: integer('empresa_id'),
  parar_acordo: boolean('parar_acordo').notNull().default(true),
  parar_spc: boolean('parar_spc').notNull().default(true),
  parar_contestado: boolean('parar_contestado').notNull().default(true),
  updated_by: integer('updated_by'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const reguaEtapa = pgTable('regua_etapa', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  regua_id: integer('regua_id').notNull(),
  dias: smallint('dias').notNull(),
  canal: varchar('canal', { length: 20 }).$type<ReguaCanal>().notNull(),
  template: varchar('template', { length: 40 }).$type<ReguaTemplateId>().notNull(),
  ativo: boolean('ativo').notNull().default(true),
});

export const reguaEnvio = pgTable('regua_envio', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  boleto_id: integer('boleto_id').notNull(),
  pessoa_id: integer('pessoa_id').notNull(),
  empresa_id: integer('empresa_id').notNull(),
  regua_id: integer('regua_id'),
  dias: smallint('dias').notNull(),
  canal: varchar('canal', { length: 20 }).$type<ReguaCanal>().notNull(),
  template: varchar('template', { length: 40 }).$type<ReguaTemplateId>().notNull(),
  data_prevista: date('data_prevista', { mode: 'string' }).notNull(),
  status: varchar('status', { length: 12 }).$type<ReguaEnvioStatus>().notNull().default('AGENDADO'),
  enviar_em: ts('enviar_em').notNull(),
  adiamentos: smallint('adiamentos').notNull().default(0),
  motivo: varchar('motivo', { length: 40 }),
  mensagem_id: integer('mensagem_id'),
  enfileirado_em: ts('enfileirado_em'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const boletoContestacao = pgTable('boleto_contestacao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  boleto_id: integer('boleto_id').notNull(),
  motivo: varchar('motivo', { length: 300 }).notNull(),
  aberta_por: integer('aberta_por').notNull(),
  aberta_em: ts('aberta_em').notNull().defaultNow(),
  encerrada_por: integer('encerrada_por'),
  encerrada_em: ts('encerrada_em'),
  encerramento: varchar('encerramento', { length: 300 }),
});
