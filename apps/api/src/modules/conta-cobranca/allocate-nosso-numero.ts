import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { wrongState } from '../../errors/app-error.js';
import { sequenceName, type ContaCobrancaRow } from './insert-conta-cobranca.js';

/**
 * The next nosso número of an account. nextval is atomic and never hands a value out twice, even
 * to concurrent transactions or to one that later rolls back (the gap is the price of never
 * reusing a number, which the bank requires).
 */
export async function allocateNossoNumero(tx: DbOrTx, conta: Pick<ContaCobrancaRow, 'id'>): Promise<number> {
  try {
    const res = await tx.execute(sql.raw(`select nextval('${sequenceName(conta.id)}')::text as n`));
    const rows = (res as { rows: { n: string }[] }).rows;
    return Number(rows[0].n);
  } catch (err) {
    if (/maximum value|reached maximum/i.test(String((err as Error).message))) {
      throw wrongState('A sequência de nosso número desta conta de cobrança se esgotou. Cadastre uma nova conta.');
    }
    throw err;
  }
}
