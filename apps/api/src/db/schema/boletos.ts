import type { ContaCobrancaOrigem } from '@bg/domain';
import { boolean, char, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

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
  origem: varchar('origem', { length: 10 }).$type<ContaCobrancaOrigem>().notNull().default('ADMIN'),
  created_by: integer('created_by'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
