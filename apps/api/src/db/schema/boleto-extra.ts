import { alias, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The boleto columns migration 0030 adds, as a second mirror of table boleto. Deliberately NOT
 * exported from schema/index.ts: the drizzle schema object must hold one definition per table.
 * Query-builder calls (select/update) work with it like with any table.
 */
export const boletoExtra = pgTable('boleto', {
  id: integer('id').primaryKey(),
  conta_cobranca_id: integer('conta_cobranca_id'),
  comprovante_em: timestamp('comprovante_em', { withTimezone: true, mode: 'date' }),
  comprovante_por: integer('comprovante_por'),
});

/** For joins with table boleto itself (the same table twice needs an alias). */
export const boletoX = alias(boletoExtra, 'bx');
