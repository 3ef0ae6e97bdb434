import type { BoletoAvulsoSituacao, RetornoResultado, RetornoStatus } from '@bg/domain';
import type { RemessaKind } from '@bg/domain';
import { bigint, char, date, integer, jsonb, numeric, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0041_cnab.sql (the SQL is the source of truth). The column 0041 adds to boleto
// is mirrored in boleto-cnab.ts, outside the schema object (one definition per table there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const cnabSequenciaArquivo = pgTable('cnab_sequencia_arquivo', {
  conta_cobranca_id: integer('conta_cobranca_id').primaryKey(),
  ultimo_numero: integer('ultimo_numero').notNull().default(0),
});

export const remessa = pgTable('remessa', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  conta_cobranca_id: integer('conta_cobranca_id').notNull(),
  numero_arquivo: integer('numero_arquivo').notNull(),
  quantidade_entrada: integer('quantidade_entrada').notNull().default(0),
  total_valor_entrada: money('total_valor_entrada').notNull().default('0'),
  quantidade_baixa: integer('quantidade_baixa').notNull().default(0),
  total_valor_baixa: money('total_valor_baixa').notNull().default('0'),
  quantidade_alteracao: integer('quantidade_alteracao').notNull().default(0),
  arquivo: varchar('arquivo', { length: 120 }).notNull(),
  file_id: uuid('file_id'),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const remessaItem = pgTable('remessa_item', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  remessa_id: integer('remessa_id').notNull(),
  boleto_id: integer('boleto_id').notNull(),
  tipo: varchar('tipo', { length: 25 }).$type<RemessaKind>().notNull(),
  valor: money('valor').notNull(),
  vencimento: date('vencimento', { mode: 'string' }).notNull(),
});

export const boletoAvulso = pgTable('boleto_avulso', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  empresa_id: integer('empresa_id'),
  pessoa_id: integer('pessoa_id'),
  cpf_cnpj: varchar('cpf_cnpj', { length: 14 }).notNull(),
  nome_razao: varchar('nome_razao', { length: 150 }).notNull(),
  cep: varchar('cep', { length: 8 }).notNull(),
  endereco: varchar('endereco', { length: 150 }).notNull(),
  numero: varchar('numero', { length: 20 }).notNull(),
  complemento: varchar('complemento', { length: 100 }),
  bairro: varchar('bairro', { length: 100 }).notNull(),
  cidade: varchar('cidade', { length: 100 }).notNull(),
  uf: char('uf', { length: 2 }).notNull(),
  valor: money('valor').notNull(),
  vencimento: date('vencimento', { mode: 'string' }).notNull(),
  situacao: varchar('situacao', { length: 40 }).$type<BoletoAvulsoSituacao>().notNull().default('DISPONÍVEL PARA PAGAMENTO'),
  conta_cobranca_id: integer('conta_cobranca_id').notNull(),
  nosso_numero: bigint('nosso_numero', { mode: 'number' }).notNull(),
  codigo_barras: varchar('codigo_barras', { length: 44 }).notNull(),
  linha_digitavel: varchar('linha_digitavel', { length: 60 }).notNull(),
  numero_arquivo: integer('numero_arquivo').notNull(),
  remessa_arquivo: varchar('remessa_arquivo', { length: 120 }),
  remessa_file_id: uuid('remessa_file_id'),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const retorno = pgTable('retorno', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  arquivo: varchar('arquivo', { length: 255 }).notNull(),
  // null only for a retorno of origin API (0150)
  file_id: uuid('file_id'),
  sha256: char('sha256', { length: 64 }),
  tamanho_bytes: bigint('tamanho_bytes', { mode: 'number' }),
  origem: varchar('origem', { length: 8 }).$type<'ARQUIVO' | 'API'>().notNull().default('ARQUIVO'),
  data_movimento: date('data_movimento', { mode: 'string' }),
  status: varchar('status', { length: 15 }).$type<RetornoStatus>().notNull().default('ANALISANDO'),
  banco: char('banco', { length: 3 }),
  numero_arquivo: integer('numero_arquivo'),
  conta_cobranca_id: integer('conta_cobranca_id'),
  quantidade_titulos: integer('quantidade_titulos').notNull().default(0),
  quantidade_liquidado: integer('quantidade_liquidado').notNull().default(0),
  total_valor_liquidado: money('total_valor_liquidado').notNull().default('0'),
  quantidade_baixa: integer('quantidade_baixa').notNull().default(0),
  total_valor_baixa: money('total_valor_baixa').notNull().default('0'),
  quantidade_entrada: integer('quantidade_entrada').notNull().default(0),
  total_valor_entrada: money('total_valor_entrada').notNull().default('0'),
  quantidade_rejeitado: integer('quantidade_rejeitado').notNull().default(0),
  quantidade_nao_encontrado: integer('quantidade_nao_encontrado').notNull().default(0),
  quantidade_ja_aplicado: integer('quantidade_ja_aplicado').notNull().default(0),
  quantidade_processada: integer('quantidade_processada').notNull().default(0),
  previa: jsonb('previa'),
  previa_job_id: integer('previa_job_id'),
  aplicacao_job_id: integer('aplicacao_job_id'),
  usuario_id: integer('usuario_id'),
  aplicado_por: integer('aplicado_por'),
  aplicado_em: ts('aplicado_em'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const retornoItem = pgTable('retorno_item', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  retorno_id: integer('retorno_id').notNull(),
  linha: integer('linha').notNull(),
  boleto_id: integer('boleto_id'),
  boleto_avulso_id: integer('boleto_avulso_id'),
  nosso_numero: varchar('nosso_numero', { length: 20 }).notNull(),
  movimento: char('movimento', { length: 2 }).notNull(),
  movimento_descricao: varchar('movimento_descricao', { length: 150 }).notNull(),
  categoria: varchar('categoria', { length: 12 }).notNull(),
  resultado: varchar('resultado', { length: 15 }).$type<RetornoResultado>().notNull(),
  situacao_de: varchar('situacao_de', { length: 40 }),
  situacao_para: varchar('situacao_para', { length: 40 }),
  data_ocorrencia: date('data_ocorrencia', { mode: 'string' }),
  data_credito: date('data_credito', { mode: 'string' }),
  valor_titulo: money('valor_titulo').notNull().default('0'),
  valor_pago: money('valor_pago').notNull().default('0'),
  valor_liquido: money('valor_liquido').notNull().default('0'),
  valor_tarifa: money('valor_tarifa').notNull().default('0'),
  valor_juros: money('valor_juros').notNull().default('0'),
  valor_desconto: money('valor_desconto').notNull().default('0'),
  motivos: varchar('motivos', { length: 400 }),
  mensagem: varchar('mensagem', { length: 300 }),
  canal: varchar('canal', { length: 20 }),
  id_pagamento_banco: varchar('id_pagamento_banco', { length: 80 }),
  created_at: ts('created_at').notNull().defaultNow(),
});
