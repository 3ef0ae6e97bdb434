import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { AppError, wrongState } from '../../errors/app-error.js';
import { contaFromEnv } from './conta-from-env.js';
import { insertContaCobranca, type ContaCobrancaRow } from './insert-conta-cobranca.js';

export const CONTA_NAO_CONFIGURADA =
  'Conta de cobrança não configurada. Um administrador deve cadastrá-la em Administração > Conta de Cobrança.';

/**
 * The active bank account. When the database has none and the BOLETO_* variables are set, the
 * account is created from them on first use (origem ENV), so an install configured by
 * environment needs no screen at all.
 */
export async function activeContaCobranca(tx: DbOrTx, env: NodeJS.ProcessEnv = process.env): Promise<ContaCobrancaRow | null> {
  const [row] = await tx.select().from(contaCobranca).where(eq(contaCobranca.ativa, true));
  if (row) return row;
  let fromEnv;
  try {
    fromEnv = contaFromEnv(env);
  } catch (err) {
    throw new AppError('UNAVAILABLE', (err as Error).message);
  }
  return fromEnv ? insertContaCobranca(tx, fromEnv, 'ENV', null) : null;
}

export async function requireContaCobranca(tx: DbOrTx): Promise<ContaCobrancaRow> {
  const conta = await activeContaCobranca(tx);
  if (!conta) throw wrongState(CONTA_NAO_CONFIGURADA);
  return conta;
}

export async function contaCobrancaById(tx: DbOrTx, id: number): Promise<ContaCobrancaRow | null> {
  const [row] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, id));
  return row ?? null;
}
