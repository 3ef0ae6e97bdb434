import { eq, sql } from 'drizzle-orm';
import { CONTA_COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { empresaConta } from '../../db/schema/empresa-conta.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import type { ContaCobrancaRow } from './insert-conta-cobranca.js';

/**
 * POST /api/contaCobranca/desativar/:id (administrador): the conta numbers no new boleto. It is
 * never deleted: its boletos keep it for slips, the bank's API, write-offs and retornos. The house
 * default cannot be deactivated (another must be chosen first); the shops that used it as their own
 * go back to the house default in the same transaction. Deactivating a deactivated conta answers it
 * as it is (a retried click).
 */
export async function desativarContaCobranca(db: Db, actor: Actor, id: number): Promise<ContaCobrancaRow> {
  assertAdmin(actor, CONTA_COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, id)).for('update');
    if (!current) throw notFound('Conta de cobrança');
    if (!current.ativa) return current;
    if (current.padrao) throw wrongState(CONTA_COBRANCA_MSG.padraoNaoDesativa);
    const [conta] = await tx.update(contaCobranca).set({ ativa: false, updated_at: sql`now()` }).where(eq(contaCobranca.id, id)).returning();
    const lojas = await tx.update(empresaConta).set({ conta_cobranca_id: null }).where(eq(empresaConta.conta_cobranca_id, id)).returning({ id: empresaConta.id });
    await recordAudit(tx, actor, { action: 'contaCobranca.desativar', entity: 'conta_cobranca', entityId: id, summary: { lojas_para_padrao: lojas.map((l) => l.id) } });
    return conta;
  });
}
