import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The boleto column migration 0041 adds, as another mirror of table boleto (like boleto-extra.ts):
 * NOT exported from schema/index.ts, since the drizzle schema object holds one definition per table.
 * cnab_historico_id: the boleto_historico row up to which the bank has been told everything.
 */
export const boletoCnab = pgTable('boleto', {
  id: integer('id').primaryKey(),
  cnab_historico_id: bigint('cnab_historico_id', { mode: 'number' }),
});
