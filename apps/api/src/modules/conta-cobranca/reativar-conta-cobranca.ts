import { eq, sql } from 'drizzle-orm';
import { CONTA_COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import type { ContaCobrancaRow } from './insert-conta-cobranca.js';

/** POST /api/contaCobranca/reativar/:id (administrador): a deactivated conta may number boletos again (its own sequence goes on). */
export async function reativarContaCobranca(db: Db, actor: Actor, id: number): Promise<ContaCobrancaRow> {
  assertAdmin(actor, CONTA_COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, id)).for('update');
    if (!current) throw notFound('Conta de cobrança');
    if (current.ativa) return current;
    const [conta] = await tx.update(contaCobranca).set({ ativa: true, updated_at: sql`now()` }).where(eq(contaCobranca.id, id)).returning();
    await recordAudit(tx, actor, { action: 'contaCobranca.reativar', entity: 'conta_cobranca', entityId: id, summary: {} });
    return conta;
  });
}
