import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { MotivoAvaliacao, RegrasPolitica, ResultadoCredito } from '@bg/domain';

// Mirrors 0172_politica_credito.sql (the SQL is the source of truth): credit policy versions, each
// request's evaluation and the LGPD art. 20 reviews (modules/credito).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type PoliticaStatus = 'RASCUNHO' | 'PUBLICADA' | 'SUBSTITUIDA';

export const politicaCredito = pgTable('politica_credito', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  versao: integer('versao').notNull(),
  status: varchar('status', { length: 12 }).$type<PoliticaStatus>().notNull().default('RASCUNHO'),
  regras: jsonb('regras').$type<RegrasPolitica>().notNull(),
  limite_boleto: numeric('limite_boleto', { precision: 14, scale: 2 }),
  limite_garantia: numeric('limite_garantia', { precision: 14, scale: 2 }),
  limite_loja: numeric('limite_loja', { precision: 14, scale: 2 }),
  limite_documento: numeric('limite_documento', { precision: 14, scale: 2 }),
  liberacao_automatica: boolean('liberacao_automatica').notNull().default(false),
  observacao: text('observacao'),
  criado_por: integer('criado_por').notNull(),
  criado_em: ts('criado_em').notNull().defaultNow(),
  atualizado_por: integer('atualizado_por').notNull(),
  atualizado_em: ts('atualizado_em').notNull().defaultNow(),
  publicado_por: integer('publicado_por'),
  publicado_em: ts('publicado_em'),
  substituida_em: ts('substituida_em'),
});

export const garantiaAvaliacao = pgTable('garantia_avaliacao', {
  garantia_id: integer('garantia_id').primaryKey(),
  politica_id: integer('politica_id').notNull(),
  versao: integer('versao').notNull(),
  resultado: varchar('resultado', { length: 8 }).$type<ResultadoCredito>().notNull(),
  motivos: jsonb('motivos').$type<MotivoAvaliacao[]>().notNull(),
  entradas: jsonb('entradas').$type<Record<string, unknown>>().notNull(),
  avaliado_em: ts('avaliado_em').notNull().defaultNow(),
});

export type RevisaoStatus = 'PENDENTE' | 'MANTIDA' | 'REVERTIDA';

export const garantiaRevisao = pgTable('garantia_revisao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  garantia_id: integer('garantia_id').notNull(),
  origem: varchar('origem', { length: 8 }).$type<'LOJA' | 'PAGADOR'>().notNull(),
  solicitada_por: integer('solicitada_por'),
  solicitada_em: ts('solicitada_em').notNull().defaultNow(),
  justificativa: text('justificativa'),
  prazo: date('prazo', { mode: 'string' }).notNull(),
  status: varchar('status', { length: 10 }).$type<RevisaoStatus>().notNull().default('PENDENTE'),
  decidida_por: integer('decidida_por'),
  decidida_em: ts('decidida_em'),
  fundamentacao: text('fundamentacao'),
});
