import { bigint, char, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uuid, varchar, date } from 'drizzle-orm/pg-core';
import type { Situacao as BoletoSituacao } from '@bg/domain';
import type { PessoaSituacao } from '@bg/domain';
import type { GarantiaStatus } from '@bg/domain';

// Mirrors migrations/0002_core_model.sql (the SQL is the source of truth).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const storedFile = pgTable('stored_file', {
  id: uuid('id').primaryKey(),
  storage_key: varchar('storage_key', { length: 300 }).notNull(),
  original_name: varchar('original_name', { length: 255 }).notNull(),
  content_type: varchar('content_type', { length: 100 }).notNull(),
  size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: char('sha256', { length: 64 }).notNull(),
  created_by: integer('created_by'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const pessoa = pgTable('pessoa', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tipo_pessoa: char('tipo_pessoa', { length: 1 }).notNull(),
  cpf_cnpj: varchar('cpf_cnpj', { length: 14 }).notNull(),
  nome_razao: varchar('nome_razao', { length: 150 }).notNull(),
  data_nascimento: date('data_nascimento', { mode: 'string' }),
  // the identity only: what each shop typed is its view (pessoa_visao, migrations 0100-0102)
  situacao: varchar('situacao', { length: 20 }).$type<PessoaSituacao>().notNull().default('ATIVO'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const pessoaTelefone = pgTable('pessoa_telefone', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pessoa_id: integer('pessoa_id').notNull(),
  telefone: varchar('telefone', { length: 11 }).notNull(),
  contato: varchar('contato', { length: 100 }),
  // the view it belongs to: a shop's, or null for the administradores' (migration 0100)
  empresa_id: integer('empresa_id'),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const pessoaDocumento = pgTable('pessoa_documento', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pessoa_id: integer('pessoa_id').notNull(),
  file_id: uuid('file_id').notNull(),
  // the view it belongs to: a shop's, or null for the administradores' (migration 0100)
  empresa_id: integer('empresa_id'),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const cpfSuspeito = pgTable('cpf_suspeito', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  cpf_cnpj: varchar('cpf_cnpj', { length: 14 }).notNull(),
  motivo: varchar('motivo', { length: 300 }).notNull(),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const cepCache = pgTable('cep_cache', {
  cep: varchar('cep', { length: 8 }).primaryKey(),
  logradouro: varchar('logradouro', { length: 150 }),
  complemento: varchar('complemento', { length: 100 }),
  bairro: varchar('bairro', { length: 100 }),
  cidade: varchar('cidade', { length: 100 }).notNull(),
  uf: char('uf', { length: 2 }).notNull(),
  provider: varchar('provider', { length: 30 }).notNull(),
  fetched_at: ts('fetched_at').notNull().defaultNow(),
});

export const garantia = pgTable('garantia', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  digito: smallint('digito').notNull(),
  empresa_id: integer('empresa_id').notNull(),
  usuario_id: integer('usuario_id').notNull(),
  pessoa_id: integer('pessoa_id').notNull(),
  data: ts('data').notNull().defaultNow(),
  status: varchar('status', { length: 20 }).$type<GarantiaStatus>().notNull().default('PENDENTE'),
  libera_boleto: char('libera_boleto', { length: 1 }).$type<'S' | 'N'>().notNull().default('N'),
  motivo: varchar('motivo', { length: 100 }),
  observacao: text('observacao'),
  qtd_titulo: smallint('qtd_titulo').notNull(),
  possui_duplicata: char('possui_duplicata', { length: 1 }).$type<'S' | 'N'>().notNull().default('N'),
  decidido_por: integer('decidido_por'),
  decidido_em: ts('decidido_em'),
  liberado_por: integer('liberado_por'),
  liberado_em: ts('liberado_em'),
  cancelado_por: integer('cancelado_por'),
  cancelado_em: ts('cancelado_em'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const garantiaDuplicata = pgTable('garantia_duplicata', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  garantia_id: integer('garantia_id').notNull(),
  file_id: uuid('file_id').notNull(),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const consultaDocumento = pgTable('consulta_documento', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  cpf_cnpj: varchar('cpf_cnpj', { length: 14 }).notNull(),
  usuario_id: integer('usuario_id').notNull(),
  empresa_id: integer('empresa_id'),
  motivo: varchar('motivo', { length: 60 }).notNull(),
  status: integer('status').notNull(),
  detalhe: jsonb('detalhe').notNull().default({}),
  created_at: ts('created_at').notNull().defaultNow(),
  /** lookups of the same document by the same shop within CONSULTA_REUSO_MINUTOS of this one, not billed again (0140) */
  repeticoes: integer('repeticoes').notNull().default(0),
  ultima_repeticao_em: ts('ultima_repeticao_em'),
});

export const consultaBureau = pgTable('consulta_bureau', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  garantia_id: integer('garantia_id').notNull(),
  tipo: varchar('tipo', { length: 20 }).notNull(),
  provider: varchar('provider', { length: 40 }).notNull(),
  resultado: jsonb('resultado').notNull(),
  html: text('html').notNull(),
  usuario_id: integer('usuario_id').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const boleto = pgTable('boleto', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  digito: smallint('digito').notNull(),
  garantia_id: integer('garantia_id').notNull(),
  // the guarantee's empresa, kept by a trigger (migration 0099, decision 100): lists by loja
  empresa_id: integer('empresa_id').notNull(),
  parcela: smallint('parcela').notNull(),
  valor: numeric('valor', { precision: 14, scale: 2 }).notNull(),
  vencimento: date('vencimento', { mode: 'string' }).notNull(),
  situacao: varchar('situacao', { length: 40 }).$type<BoletoSituacao>(),
  nosso_numero: bigint('nosso_numero', { mode: 'number' }),
  codigo_barras: varchar('codigo_barras', { length: 44 }),
  linha_digitavel: varchar('linha_digitavel', { length: 60 }),
  comprovante_token: varchar('comprovante_token', { length: 64 }),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const boletoHistorico = pgTable('boleto_historico', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  boleto_id: integer('boleto_id').notNull(),
  de: varchar('de', { length: 40 }).$type<BoletoSituacao>(),
  para: varchar('para', { length: 40 }).$type<BoletoSituacao>().notNull(),
  motivo: varchar('motivo', { length: 300 }),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
});

// spc_inclusao and mensagem_outbox (created by 0002) are mirrored in cobranca.ts and mensagem.ts,
// next to the migrations that reshaped them (0050, 0051).
