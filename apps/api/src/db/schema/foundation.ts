import type { EmpresaSituacao, Nivel, UsuarioSituacao } from '@bg/domain';
import { bigint, char, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_foundation.sql; the SQL file is the source of truth for the database.
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const empresa = pgTable('empresa', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  cnpj: varchar('cnpj', { length: 14 }).notNull(),
  razao: varchar('razao', { length: 150 }).notNull(),
  fantasia: varchar('fantasia', { length: 150 }).notNull(),
  insc_estadual: varchar('insc_estadual', { length: 30 }),
  cep: varchar('cep', { length: 8 }).notNull(),
  endereco: varchar('endereco', { length: 150 }).notNull(),
  numero: varchar('numero', { length: 20 }).notNull(),
  complemento: varchar('complemento', { length: 100 }),
  bairro: varchar('bairro', { length: 100 }).notNull(),
  cidade: varchar('cidade', { length: 100 }).notNull(),
  uf: char('uf', { length: 2 }).notNull(),
  email: varchar('email', { length: 150 }),
  tel1: varchar('tel1', { length: 11 }),
  tel2: varchar('tel2', { length: 11 }),
  tel3: varchar('tel3', { length: 11 }),
  responsavel: varchar('responsavel', { length: 150 }),
  franqueado_id: integer('franqueado_id'),
  comissao_franqueado: numeric('comissao_franqueado', { precision: 5, scale: 2 }).notNull(),
  limite_cpf_cnpj: numeric('limite_cpf_cnpj', { precision: 14, scale: 2 }),
  limite_boleto: numeric('limite_boleto', { precision: 14, scale: 2 }),
  valor_consulta: numeric('valor_consulta', { precision: 14, scale: 2 }).notNull(),
  mensalidade: numeric('mensalidade', { precision: 14, scale: 2 }).notNull(),
  taxa_prorrata: numeric('taxa_prorrata', { precision: 7, scale: 4 }).notNull(),
  antecipa: char('antecipa', { length: 1 }).$type<'S' | 'N'>().notNull(),
  taxa_antecipacao: numeric('taxa_antecipacao', { precision: 7, scale: 4 }),
  qtd_max_parcelas: smallint('qtd_max_parcelas').notNull(),
  simula_venda: char('simula_venda', { length: 1 }).$type<'S' | 'N'>().notNull(),
  situacao: varchar('situacao', { length: 20 }).$type<EmpresaSituacao>().notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const usuario = pgTable('usuario', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: varchar('name', { length: 120 }).notNull(),
  login: varchar('login', { length: 60 }).notNull(),
  password_hash: text('password_hash').notNull(),
  email: varchar('email', { length: 150 }),
  nivel: char('nivel', { length: 1 }).$type<Nivel>().notNull(),
  empresa_id: integer('empresa_id'),
  setor: varchar('setor', { length: 60 }),
  avatar: text('avatar'),
  permissoes: text('permissoes').array().notNull(),
  situacao: varchar('situacao', { length: 20 }).$type<UsuarioSituacao>().notNull(),
  token_version: integer('token_version').notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const refreshToken = pgTable('refresh_token', {
  id: uuid('id').primaryKey(),
  family_id: uuid('family_id').notNull(),
  usuario_id: integer('usuario_id').notNull(),
  token_hash: char('token_hash', { length: 64 }).notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
  ip: varchar('ip', { length: 64 }),
  user_agent: varchar('user_agent', { length: 300 }),
});

/** Login limits (0001, 0110; decision 106): `ip` is an address or a per-login key ('senha:qualquer-ip', '2fa:qualquer-ip'). */
export const loginThrottle = pgTable('login_throttle', {
  login: varchar('login', { length: 60 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  failures: integer('failures').notNull(),
  last_failure_at: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }),
  next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
  last_success_at: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  usuario_id: integer('usuario_id'),
  ip: varchar('ip', { length: 64 }),
  action: varchar('action', { length: 60 }).notNull(),
  entity: varchar('entity', { length: 60 }).notNull(),
  entity_id: varchar('entity_id', { length: 60 }),
  summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
});

export const setting = pgTable('setting', {
  key: varchar('key', { length: 80 }).primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: updatedAt(),
});
