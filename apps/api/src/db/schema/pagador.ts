import { bigint, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0160_pagador_e_aviso_spc.sql (the SQL is the source of truth): the payer page's access log.
export type PagadorAcao = 'identificacao' | 'identificacao_recusada' | 'listagem' | 'boleto_pdf' | 'preferencias';
export type PagadorMeio = 'documento' | 'codigo';

export const pagadorAcesso = pgTable('pagador_acesso', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  pessoa_id: integer('pessoa_id'),
  acao: varchar('acao', { length: 30 }).$type<PagadorAcao>().notNull(),
  meio: varchar('meio', { length: 20 }).$type<PagadorMeio>(),
  boleto_id: integer('boleto_id'),
  detalhe: varchar('detalhe', { length: 200 }),
  ip: varchar('ip', { length: 64 }).notNull(),
  user_agent: varchar('user_agent', { length: 300 }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
