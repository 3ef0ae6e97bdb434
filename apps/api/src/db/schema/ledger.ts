import type { LedgerAccountCode, LedgerAccountKind, LedgerKind, LedgerSide } from '@bg/domain';
import { bigint, boolean, char, date, integer, jsonb, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0130_ledger.sql (the SQL is the source of truth). Only modules/ledger writes
// the ledger_* tables (apps/api/src/modules/ledger/only-writer.test.ts).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const ledgerAccount = pgTable('ledger_account', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  key: varchar('key', { length: 80 }).notNull(),
  code: varchar('code', { length: 40 }).$type<LedgerAccountCode>().notNull(),
  kind: varchar('kind', { length: 10 }).$type<LedgerAccountKind>().notNull(),
  normal_side: varchar('normal_side', { length: 6 }).$type<LedgerSide>().notNull(),
  empresa_id: integer('empresa_id'),
  pessoa_id: integer('pessoa_id'),
  debits_must_not_exceed_credits: boolean('debits_must_not_exceed_credits').notNull().default(false),
  credits_must_not_exceed_debits: boolean('credits_must_not_exceed_debits').notNull().default(false),
  name: varchar('name', { length: 150 }).notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const ledgerTransaction = pgTable('ledger_transaction', {
  id: cents('id').primaryKey().generatedByDefaultAsIdentity(),
  idempotency_key: varchar('idempotency_key', { length: 120 }).notNull(),
  kind: varchar('kind', { length: 30 }).$type<LedgerKind>().notNull(),
  occurred_on: date('occurred_on', { mode: 'string' }).notNull(),
  posted_at: ts('posted_at').notNull().defaultNow(),
  description: varchar('description', { length: 300 }).notNull(),
  content_hash: char('content_hash', { length: 64 }).notNull(),
  entry_count: integer('entry_count').notNull(),
  total_cents: cents('total_cents').notNull(),
  reverses_id: cents('reverses_id'),
  boleto_id: integer('boleto_id'),
  boleto_avulso_id: integer('boleto_avulso_id'),
  antecipacao_id: integer('antecipacao_id'),
  acordo_id: integer('acordo_id'),
  acordo_parcela_id: integer('acordo_parcela_id'),
  retorno_item_id: cents('retorno_item_id'),
  repasse_id: integer('repasse_id'),
  consulta_id: integer('consulta_id'),
  empresa_id: integer('empresa_id'),
  pessoa_id: integer('pessoa_id'),
  usuario_id: integer('usuario_id'),
});

export const ledgerEntry = pgTable('ledger_entry', {
  id: cents('id').primaryKey().generatedByDefaultAsIdentity(),
  transaction_id: cents('transaction_id').notNull(),
  account_id: integer('account_id').notNull(),
  side: varchar('side', { length: 6 }).$type<LedgerSide>().notNull(),
  amount_cents: cents('amount_cents').notNull(),
  occurred_on: date('occurred_on', { mode: 'string' }).notNull(),
  boleto_id: integer('boleto_id'),
});

export const ledgerBalanceMonth = pgTable(
  'ledger_balance_month',
  {
    account_id: integer('account_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    debits_cents: cents('debits_cents').notNull().default(0),
    credits_cents: cents('credits_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.month] })],
);

// 0171: the shops' report accounts summed per code and month, kept by a trigger on ledger_balance_month.
export const ledgerBalanceMonthLojas = pgTable(
  'ledger_balance_month_lojas',
  {
    code: varchar('code', { length: 40 }).$type<LedgerAccountCode>().notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    debits_cents: cents('debits_cents').notNull().default(0),
    credits_cents: cents('credits_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.month] })],
);

export const ledgerVerificacao = pgTable('ledger_verificacao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  origem: varchar('origem', { length: 10 }).$type<'job' | 'script' | 'teste'>().notNull(),
  ok: boolean('ok').notNull(),
  falhas: jsonb('falhas').$type<{ regra: string; detalhe: string }[]>().notNull().default([]),
  quantidade_falhas: integer('quantidade_falhas').notNull().default(0),
  duracao_ms: integer('duracao_ms').notNull().default(0),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const repasse = pgTable('repasse', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  empresa_id: integer('empresa_id').notNull(),
  data: date('data', { mode: 'string' }).notNull(),
  valor: numeric('valor', { precision: 14, scale: 2 }).notNull(),
  compensado: numeric('compensado', { precision: 14, scale: 2 }).notNull().default('0'),
  referencia: varchar('referencia', { length: 100 }),
  observacao: varchar('observacao', { length: 300 }),
  /** The form's token (0132): one repasse per form, whatever the clicks. */
  chave: varchar('chave', { length: 64 }),
  usuario_id: integer('usuario_id').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
