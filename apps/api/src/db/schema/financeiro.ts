import type { AntecipacaoSituacao } from '@bg/domain';
import { boolean, date, integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0060_financeiro.sql (the SQL is the source of truth).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Money-valued system settings (taxa_basica_antecipacao). */
export const parametroSistema = pgTable('parametro_sistema', {
  chave: varchar('chave', { length: 80 }).primaryKey(),
  valor: money('valor').notNull(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
  updated_by: integer('updated_by'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const antecipacao = pgTable('antecipacao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  empresa_id: integer('empresa_id').notNull(),
  usuario_id: integer('usuario_id').notNull(),
  data_simulacao: date('data_simulacao', { mode: 'string' }).notNull(),
  taxa_prorrata: numeric('taxa_prorrata', { precision: 7, scale: 4 }).notNull(),
  taxa_antecipacao: numeric('taxa_antecipacao', { precision: 7, scale: 4 }).notNull(),
  qtd_boletos: integer('qtd_boletos').notNull(),
  total_boletos: money('total_boletos').notNull(),
  total_prorata: money('total_prorata').notNull(),
  total_taxa_antecipacao: money('total_taxa_antecipacao').notNull(),
  taxa_basica: money('taxa_basica').notNull(),
  total_antecipacao: money('total_antecipacao').notNull(),
  situacao: varchar('situacao', { length: 20 }).$type<AntecipacaoSituacao>().notNull().default('EM ANÁLISE'),
  decidido_por: integer('decidido_por'),
  decidido_em: ts('decidido_em'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const antecipacaoBoleto = pgTable(
  'antecipacao_boleto',
  {
    antecipacao_id: integer('antecipacao_id').notNull(),
    boleto_id: integer('boleto_id').notNull(),
    valor: money('valor').notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    qtd_dias: integer('qtd_dias').notNull(),
    prorata: money('prorata').notNull(),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.antecipacao_id, t.boleto_id] })],
);
