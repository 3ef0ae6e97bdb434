import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The shop's own conta de cobrança (migration 0184, decision 126), as a second mirror of table
 * empresa — foundation.ts belongs to the foundation. Deliberately NOT exported from
 * schema/index.ts: the drizzle schema object holds one definition per table (as boleto-extra.ts).
 */
export const empresaConta = pgTable('empresa', {
  id: integer('id').primaryKey(),
  conta_cobranca_id: integer('conta_cobranca_id'),
});
