import { eq } from 'drizzle-orm';
import { CONTA_COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { empresaConta } from '../../db/schema/empresa-conta.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/contaCobranca/empresa/:id (administrador): the shop's own conta — its next boletos are
 * numbered there (contaDaEmpresa) — or null for the house default. Only an active conta may be
 * chosen; the shop's row is locked, so the last of two concurrent choices wins whole.
 */
export async function definirContaEmpresa(db: Db, actor: Actor, empresaId: number, contaId: number | null): Promise<{ empresa_id: number; conta_cobranca_id: number | null }> {
  assertAdmin(actor, CONTA_COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [loja] = await tx.select().from(empresaConta).where(eq(empresaConta.id, empresaId)).for('update');
    if (!loja) throw notFound('Empresa');
    if (contaId !== null) {
      const [conta] = await tx.select({ ativa: contaCobranca.ativa }).from(contaCobranca).where(eq(contaCobranca.id, contaId));
      if (!conta) throw notFound('Conta de cobrança');
      if (!conta.ativa) throw wrongState(CONTA_COBRANCA_MSG.inativa);
    }
    if (loja.conta_cobranca_id !== contaId) {
      await tx.update(empresaConta).set({ conta_cobranca_id: contaId }).where(eq(empresaConta.id, empresaId));
      await recordAudit(tx, actor, { action: 'empresa.contaCobranca', entity: 'empresa', entityId: empresaId, summary: { de: loja.conta_cobranca_id, para: contaId } });
    }
    return { empresa_id: empresaId, conta_cobranca_id: contaId };
  });
}
