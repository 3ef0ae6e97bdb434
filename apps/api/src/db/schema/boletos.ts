import type { ContaCobrancaOrigem } from '@bg/domain';
import { boolean, char, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0030_conta_cobranca.sql (the SQL is the source of truth). The columns that
// 0030 adds to boleto are mirrored in boleto-extra.ts (core.ts belongs to the foundation).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const contaCobranca = pgTable('conta_cobranca', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  banco: char('banco', { length: 3 }).notNull(),
  agencia: varchar('agencia', { length: 10 }).notNull(),
  conta: varchar('conta', { length: 15 }),
  codigo_beneficiario: varchar('codigo_beneficiario', { length: 20 }).notNull(),
  carteira: varchar('carteira', { length: 5 }).notNull(),
  nome: varchar('nome', { length: 150 }).notNull(),
  cnpj: varchar('cnpj', { length: 14 }).notNull(),
  cep: varchar('cep', { length: 8 }).notNull(),
  endereco: varchar('endereco', { length: 150 }).notNull(),
  numero: varchar('numero', { length: 20 }).notNull(),
  bairro: varchar('bairro', { length: 100 }).notNull(),
  cidade: varchar('cidade', { length: 100 }).notNull(),
  uf: char('uf', { length: 2 }).notNull(),
  pix_chave: varchar('pix_chave', { length: 77 }),
  sequencia: varchar('sequencia', { length: 63 }),
  ativa: boolean('ativa').notNull().default(true),
  // 0184 (decision 126): the house default (one at most, active) and the layout of its remessas
  padrao: boolean('padrao').notNull().default(false),
  layout_cnab: smallint('layout_cnab').$type<240 | 400>().notNull(),
  // 0150: the bank by API (decision 113)
  modo: varchar('modo', { length: 5 }).$type<'CNAB' | 'API'>().notNull().default('CNAB'),
  api_url: varchar('api_url', { length: 300 }),
  api_oauth_url: varchar('api_oauth_url', { length: 300 }),
  api_client_id: varchar('api_client_id', { length: 200 }),
  api_segredos: text('api_segredos'),
  variacao_carteira: varchar('variacao_carteira', { length: 5 }),
  webhook_token: text('webhook_token'),
  alteracao_espera_minutos: integer('alteracao_espera_minutos').notNull().default(30),
  // 0152: the client certificate for mutual TLS with the bank (sealed PEM { cert, key }; never in clear)
  certificado_pem: text('certificado_pem'),
  certificado_subject: varchar('certificado_subject', { length: 300 }),
  certificado_emissor: varchar('certificado_emissor', { length: 300 }),
  certificado_serial: varchar('certificado_serial', { length: 80 }),
  certificado_inicio: ts('certificado_inicio'),
  certificado_validade: ts('certificado_validade'),
  certificado_enviado_em: ts('certificado_enviado_em'),
  certificado_enviado_por: integer('certificado_enviado_por'),
  origem: varchar('origem', { length: 10 }).$type<ContaCobrancaOrigem>().notNull().default('ADMIN'),
  created_by: integer('created_by'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
