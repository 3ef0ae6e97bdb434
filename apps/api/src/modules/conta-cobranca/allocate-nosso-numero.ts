import { sql } from 'drizzle-orm';
import { bankProfile, isBankCode, todayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { wrongState } from '../../errors/app-error.js';
import { sequenceName, type ContaCobrancaRow } from './insert-conta-cobranca.js';

/** Advisory-lock namespace of moving a conta's sequence to a new period (pg_advisory_xact_lock(ns, conta)). */
const LOCK_PERIODO = 727030;

const esgotada = () => wrongState('A sequência de nosso número desta conta de cobrança se esgotou. Cadastre uma nova conta.');

async function nextval(tx: DbOrTx, contaId: number): Promise<number> {
  try {
    const res = await tx.execute(sql.raw(`select nextval('${sequenceName(contaId)}')::text as n`));
    return Number((res as { rows: { n: string }[] }).rows[0].n);
  } catch (err) {
    if (/maximum value|reached maximum/i.test(String((err as Error).message))) throw esgotada();
    throw err;
  }
}

/**
 * The next nosso número of an account. nextval is atomic and never hands a value out twice, even
 * to concurrent transactions or to one that later rolls back (the gap is the price of never
 * reusing a number, which the bank requires).
 *
 * A bank whose number carries its period (Sicredi: ano + byte + sequencial, `firstSequence`/
 * `lastSequence` of its boleto profile, decision 124) restarts at the new period's first number:
 * the number is max(nextval, firstSequence(today)). The allocation that finds the sequence behind
 * the period takes the conta's period lock (transaction advisory lock: two such allocations never
 * both move it), reads again and moves the sequence to the first number, which it keeps. Allocations
 * that run meanwhile without the lock draw numbers below the first one (they then take the lock
 * too), never at or above it: a period's numbers stop at its last (Sicredi AA999999, refused
 * beyond), 200 000 short of the next period's first (AA+1 200001), so no number is handed twice.
 * Past the period's last number the conta stops numbering until the period turns.
 */
export async function allocateNossoNumero(tx: DbOrTx, conta: Pick<ContaCobrancaRow, 'id' | 'banco'>): Promise<number> {
  const profile = isBankCode(conta.banco) ? bankProfile(conta.banco) : null;
  let n = await nextval(tx, conta.id);
  if (!profile?.firstSequence) return n;
  const today = todayInSaoPaulo();
  const first = profile.firstSequence(today);
  if (n < first) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PERIODO}, ${conta.id}::int)`);
    n = await nextval(tx, conta.id);
    if (n < first) {
      await tx.execute(sql.raw(`select setval('${sequenceName(conta.id)}', ${first})`));
      n = first;
    }
  }
  const last = profile.lastSequence?.(today);
  if (last !== undefined && n > last) throw wrongState('A sequência de nosso número desta conta de cobrança se esgotou neste ano; ela recomeça no próximo.');
  return n;
}
