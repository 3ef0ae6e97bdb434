import { todayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { atualizarRisco } from '../modules/credito/risco/atualizar-risco.js';

/**
 * Risco da carteira (issue 29): the demo's position computed once, as the nightly job would, so
 * /financeiro/risco shows the seeded portfolio at once (the job keeps it fresh afterwards).
 */
export async function seedRisco(tx: DbOrTx): Promise<void> {
  await atualizarRisco(tx, todayInSaoPaulo());
}
