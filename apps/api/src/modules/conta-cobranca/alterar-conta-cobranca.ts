import { eq } from 'drizzle-orm';
import type { ContaCobrancaDados } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';
import type { ContaCobrancaRow } from './insert-conta-cobranca.js';
import { updateContaLocked } from './update-conta-cobranca.js';

/** POST /api/contaCobranca/update/:id (administrador): edits any active conta (update-conta-cobranca.ts). */
export async function alterarContaCobranca(db: Db, actor: Actor, id: number, input: ContaCobrancaDados): Promise<{ conta: ContaCobrancaRow; nova: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, id)).for('update');
    if (!current) throw notFound('Conta de cobrança');
    return updateContaLocked(tx, actor, current, input);
  });
}
