import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The next file number (NSA) of an account: a counter row updated in the caller's transaction, so
 * a remessa that rolls back gives its number back (banks expect consecutive files) and two
 * concurrent remessas of one account wait for each other on the row.
 */
export async function nextFileNumber(tx: DbOrTx, contaId: number): Promise<number> {
  const res = await tx.execute(sql`
    insert into cnab_sequencia_arquivo (conta_cobranca_id, ultimo_numero) values (${contaId}, 1)
    on conflict (conta_cobranca_id) do update set ultimo_numero = cnab_sequencia_arquivo.ultimo_numero + 1
    returning ultimo_numero`);
  return Number((res as { rows: { ultimo_numero: number }[] }).rows[0].ultimo_numero);
}
