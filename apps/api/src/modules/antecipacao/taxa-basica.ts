import { eq } from 'drizzle-orm';
import { toCents, type Cents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { parametroSistema } from '../../db/schema/index.js';

export const TAXA_BASICA_CHAVE = 'taxa_basica_antecipacao';

/**
 * The system's taxa básica of an advance (DOMAIN.md: a system setting, default R$ 0,00), read
 * from parametro_sistema at every simulation. A missing row reads as zero.
 */
export async function taxaBasicaCents(db: DbOrTx): Promise<Cents> {
  const [row] = await db.select({ valor: parametroSistema.valor }).from(parametroSistema).where(eq(parametroSistema.chave, TAXA_BASICA_CHAVE));
  return row ? toCents(row.valor) : 0;
}
