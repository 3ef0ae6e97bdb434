import type { LgpdRecurso } from '@bg/domain';
import { bigint, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0096_acesso_dados_pessoais.sql (the SQL is the source of truth).
export const acessoDadosPessoais = pgTable('acesso_dados_pessoais', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  usuario_id: integer('usuario_id'),
  pessoa_id: integer('pessoa_id').notNull(),
  recurso: varchar('recurso', { length: 30 }).$type<LgpdRecurso>().notNull(),
  rota: varchar('rota', { length: 200 }),
  ip: varchar('ip', { length: 64 }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
