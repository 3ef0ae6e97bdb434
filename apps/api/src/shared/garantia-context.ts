import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { empresa, garantia, pessoa } from '../db/schema/index.js';

/**
 * garantia → its pessoa and empresa (loja): the joins every guarantee read with context uses,
 * added to `db.select(...).from(garantia).$dynamic()`. Here, below modules/, because both the
 * guarantee lists (garantia) and the print and duplicata reads (boletos) use it, and garantia
 * already depends on boletos (release issues its boletos).
 */
export function withGarantiaContext<T extends PgSelect>(query: T) {
  return query.innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id)).innerJoin(empresa, eq(empresa.id, garantia.empresa_id));
}
