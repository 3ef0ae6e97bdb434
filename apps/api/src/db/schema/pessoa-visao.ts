import { char, date, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0100_pessoa_visao.sql (the SQL is the source of truth): people shared by
// several shops, docs/decisions/104-shared-people-views.md.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a shop typed about a person: its view, and the snapshot of each guarantee. */
const dadosColumns = () => ({
  nome_razao: varchar('nome_razao', { length: 150 }).notNull(),
  data_nascimento: date('data_nascimento', { mode: 'string' }),
  cep: varchar('cep', { length: 8 }),
  endereco: varchar('endereco', { length: 150 }),
  numero: varchar('numero', { length: 20 }),
  complemento: varchar('complemento', { length: 100 }),
  bairro: varchar('bairro', { length: 100 }),
  cidade: varchar('cidade', { length: 100 }),
  uf: char('uf', { length: 2 }),
  telefone1: varchar('telefone1', { length: 11 }),
  telefone2: varchar('telefone2', { length: 11 }),
  ref_comercial: varchar('ref_comercial', { length: 150 }),
  tel_ref_comercial: varchar('tel_ref_comercial', { length: 11 }),
  ref_pessoal: varchar('ref_pessoal', { length: 150 }),
  tel_ref_pessoal: varchar('tel_ref_pessoal', { length: 11 }),
  ocupacao: varchar('ocupacao', { length: 100 }),
  renda: numeric('renda', { precision: 14, scale: 2 }),
  socio_avalista: varchar('socio_avalista', { length: 150 }),
  cpf_avalista: varchar('cpf_avalista', { length: 11 }),
});

/** A shop's view of a person (empresa_id), or the administradores' own (empresa_id null). */
export const pessoaVisao = pgTable('pessoa_visao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pessoa_id: integer('pessoa_id').notNull(),
  empresa_id: integer('empresa_id'),
  ...dadosColumns(),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** The snapshot of what the guarantee's shop typed in the request (the analysis shows it). */
export const garantiaPessoa = pgTable('garantia_pessoa', {
  garantia_id: integer('garantia_id').primaryKey(),
  ...dadosColumns(),
  origem: varchar('origem', { length: 20 }).$type<'solicitacao' | 'migracao'>().notNull().default('solicitacao'),
  created_at: ts('created_at').notNull().defaultNow(),
});
