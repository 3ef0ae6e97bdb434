import { eq } from 'drizzle-orm';
import { type ContaCobrancaDados } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { insertContaCobranca, type ContaCobrancaRow } from './insert-conta-cobranca.js';
import { assertAdmin } from '../tenancy/access.js';
import { updateContaLocked } from './update-conta-cobranca.js';

/**
 * POST /api/contaCobranca/save (administrador): the house default conta, as the single-conta screen
 * and the BOLETO_* setup knew it. The first save creates it (and its nosso-número sequence); later
 * saves edit it (update-conta-cobranca.ts: a change of bank, agência, conta, beneficiário, carteira
 * or layout puts a new conta in its place). Other contas: /create and /update/:id.
 */
export async function saveContaCobranca(db: Db, actor: Actor, input: ContaCobrancaDados): Promise<{ conta: ContaCobrancaRow; nova: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.padrao, true)).for('update');
    if (current) return updateContaLocked(tx, actor, current, input);
    const conta = await insertContaCobranca(tx, input, 'ADMIN', actor.id, { padrao: true });
    await recordAudit(tx, actor, { action: 'contaCobranca.create', entity: 'conta_cobranca', entityId: conta.id, summary: { ...input, substitui: null } });
    return { conta, nova: true };
  });
}
