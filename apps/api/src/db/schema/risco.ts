import type { FaixaRisco } from '@bg/domain';
import { date, integer, numeric, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0176_risco_carteira.sql (the SQL is the source of truth): the portfolio-risk
// summaries written by the job risco.atualizar (modules/credito/risco/atualizar-risco.ts) and the
// provision table (docs/risco.md).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const riscoProvisaoFaixa = pgTable('risco_provisao_faixa', {
  faixa: varchar('faixa', { length: 2 }).$type<FaixaRisco>().primaryKey(),
  ordem: smallint('ordem').notNull(),
  dias_de: integer('dias_de').notNull(),
  dias_ate: integer('dias_ate'),
  percentual: numeric('percentual', { precision: 5, scale: 2 }).notNull(),
  percentual_padrao: numeric('percentual_padrao', { precision: 5, scale: 2 }).notNull(),
  updated_by: integer('updated_by'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const riscoExposicao = pgTable('risco_exposicao', {
  empresa_id: integer('empresa_id').notNull(),
  pessoa_id: integer('pessoa_id').notNull(),
  boletos: integer('boletos').notNull(),
  valor_garantido: money('valor_garantido').notNull(),
  valor_vencido: money('valor_vencido').notNull(),
  valor_honrado: money('valor_honrado').notNull(),
  valor_pendente: money('valor_pendente').notNull(),
}, (t) => [primaryKey({ columns: [t.empresa_id, t.pessoa_id] })]);

// 0177: per CPF/CNPJ across every shop (the 20 largest read from its index)
export const riscoExposicaoDocumento = pgTable('risco_exposicao_documento', {
  pessoa_id: integer('pessoa_id').primaryKey(),
  lojas: integer('lojas').notNull(),
  boletos: integer('boletos').notNull(),
  valor_garantido: money('valor_garantido').notNull(),
  valor_vencido: money('valor_vencido').notNull(),
  valor_honrado: money('valor_honrado').notNull(),
  valor_pendente: money('valor_pendente').notNull(),
});

// 0182: per shop and the whole portfolio, so the exposure screen reads sums instead of making them
export const riscoExposicaoLoja = pgTable('risco_exposicao_loja', {
  empresa_id: integer('empresa_id').primaryKey(),
  documentos: integer('documentos').notNull(),
  boletos: integer('boletos').notNull(),
  valor_garantido: money('valor_garantido').notNull(),
  valor_vencido: money('valor_vencido').notNull(),
  valor_honrado: money('valor_honrado').notNull(),
  valor_pendente: money('valor_pendente').notNull(),
});

export const riscoExposicaoTotal = pgTable('risco_exposicao_total', {
  id: smallint('id').primaryKey(),
  lojas: integer('lojas').notNull(),
  documentos: integer('documentos').notNull(),
  boletos: integer('boletos').notNull(),
  valor_garantido: money('valor_garantido').notNull(),
  valor_vencido: money('valor_vencido').notNull(),
  valor_honrado: money('valor_honrado').notNull(),
  valor_pendente: money('valor_pendente').notNull(),
});

export const riscoAgingAtual = pgTable('risco_aging_atual', {
  faixa: varchar('faixa', { length: 2 }).$type<FaixaRisco>().primaryKey(),
  boletos: integer('boletos').notNull(),
  valor: money('valor').notNull(),
});

export const riscoPosicaoMensal = pgTable('risco_posicao_mensal', {
  mes: date('mes', { mode: 'string' }).notNull(),
  boleto_id: integer('boleto_id').notNull(),
  safra: date('safra', { mode: 'string' }).notNull(),
  empresa_id: integer('empresa_id').notNull(),
  valor: money('valor').notNull(),
  dias_atraso: integer('dias_atraso').notNull(),
}, (t) => [primaryKey({ columns: [t.mes, t.boleto_id] })]);

export const riscoMes = pgTable('risco_mes', {
  mes: date('mes', { mode: 'string' }).primaryKey(),
  boletos: integer('boletos').notNull(),
  valor: money('valor').notNull(),
  valor_30: money('valor_30').notNull(),
  valor_90: money('valor_90').notNull(),
  calculado_em: ts('calculado_em').notNull().defaultNow(),
});

export const riscoVintage = pgTable('risco_vintage', {
  safra: date('safra', { mode: 'string' }).notNull(),
  mes: date('mes', { mode: 'string' }).notNull(),
  valor_30: money('valor_30').notNull(),
  valor_90: money('valor_90').notNull(),
}, (t) => [primaryKey({ columns: [t.safra, t.mes] })]);

export const riscoSafra = pgTable('risco_safra', {
  safra: date('safra', { mode: 'string' }).primaryKey(),
  garantias: integer('garantias').notNull(),
  valor: money('valor').notNull(),
  garantias_maduras: integer('garantias_maduras').notNull(),
  garantias_fpd: integer('garantias_fpd').notNull(),
  valor_primeira_madura: money('valor_primeira_madura').notNull(),
  valor_primeira_fpd: money('valor_primeira_fpd').notNull(),
});

export const riscoRolagem = pgTable('risco_rolagem', {
  mes: date('mes', { mode: 'string' }).notNull(),
  de: varchar('de', { length: 2 }).notNull(),
  para: varchar('para', { length: 2 }).notNull(),
  boletos: integer('boletos').notNull(),
  valor: money('valor').notNull(),
}, (t) => [primaryKey({ columns: [t.mes, t.de, t.para] })]);

export const riscoPerdaMensal = pgTable('risco_perda_mensal', {
  mes: date('mes', { mode: 'string' }).notNull(),
  empresa_id: integer('empresa_id').notNull(),
  honrado: money('honrado').notNull(),
  recuperado: money('recuperado').notNull(),
  perda: money('perda').notNull(),
}, (t) => [primaryKey({ columns: [t.mes, t.empresa_id] })]);

export const riscoAtualizacao = pgTable('risco_atualizacao', {
  id: smallint('id').primaryKey(),
  posicao_em: ts('posicao_em').notNull(),
  data_referencia: date('data_referencia', { mode: 'string' }).notNull(),
  duracao_ms: integer('duracao_ms').notNull(),
  completa_em: ts('completa_em'),
});
