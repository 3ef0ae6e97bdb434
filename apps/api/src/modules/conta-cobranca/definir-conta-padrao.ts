import { and, eq, ne, sql } from 'drizzle-orm';
import { CONTA_COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import type { ContaCobrancaRow } from './insert-conta-cobranca.js';

/**
 * POST /api/contaCobranca/padrao/:id (administrador): the conta becomes the house default — shops
 * without a conta of their own number their next boletos in it; boletos already numbered keep theirs.
 * The lock is the one conta creation takes, so two concurrent choices end with one default (the
 * unique partial index would refuse the second anyway); choosing the default again changes nothing.
 */
export async function definirContaPadrao(db: Db, actor: Actor, id: number): Promise<ContaCobrancaRow> {
  assertAdmin(actor, CONTA_COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, id)).for('update');
    if (!current) throw notFound('Conta de cobrança');
    if (current.padrao) return current;
    if (!current.ativa) throw wrongState(CONTA_COBRANCA_MSG.inativa);
    const [anterior] = await tx
      .update(contaCobranca)
      .set({ padrao: false, updated_at: sql`now()` })
      .where(and(eq(contaCobranca.padrao, true), ne(contaCobranca.id, id)))
      .returning({ id: contaCobranca.id });
    const [conta] = await tx.update(contaCobranca).set({ padrao: true, updated_at: sql`now()` }).where(eq(contaCobranca.id, id)).returning();
    await recordAudit(tx, actor, { action: 'contaCobranca.padrao', entity: 'conta_cobranca', entityId: id, summary: { anterior: anterior?.id ?? null } });
    return conta;
  });
}
