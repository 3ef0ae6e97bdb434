import { pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0020_garantia_motivo_negacao.sql.
export const motivoNegacao = pgTable('motivo_negacao', {
  descricao: varchar('descricao', { length: 100 }).primaryKey(),
  ordem: smallint('ordem').notNull(),
});
