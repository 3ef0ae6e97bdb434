import { eq } from 'drizzle-orm';
import { fromCents, LEDGER_MSG, perdaDraft, todayInSaoPaulo, type LancarPerdaInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { loadBoletoContext } from '../ledger/boleto-context.js';
import { postTransaction } from '../ledger/post-transaction.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/razao/lancarPerda (administrador): the debt a debtor still owes the guarantor for an
 * honoured boleto (quitar) is written off as loss (decision 109): what is open leaves the debtor's
 * account against the loss expense (`perda:<boleto>`), once. The boleto keeps its situação and stays
 * in Inadimplentes — collection may go on, and what is recovered later is revenue of the acordo.
 */
export async function lancarPerda(db: Db, actor: Actor, input: LancarPerdaInput, today = todayInSaoPaulo()) {
  assertAdmin(actor, LEDGER_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [b] = await tx.select({ id: boleto.id }).from(boleto).where(eq(boleto.id, input.boletoId)).for('update');
    if (!b) throw notFound('Boleto');
    const ctx = await loadBoletoContext(tx, b.id, actor.id);
    if (ctx.position.perdido > 0) throw new AppError('WRONG_STATE', LEDGER_MSG.perdaJaLancada);
    if (ctx.position.destino !== 'devedor_a_recuperar' || ctx.position.emAberto <= 0) throw new AppError('WRONG_STATE', LEDGER_MSG.perdaSemDivida);
    const draft = perdaDraft(ctx, today, input.motivo);
    const posted = await postTransaction(tx, draft);
    const valorCents = draft.lines[0].amountCents;
    await recordAudit(tx, actor, { action: 'razao.lancarPerda', entity: 'boleto', entityId: b.id, summary: { valor: fromCents(valorCents), motivo: input.motivo } });
    return { boleto_id: b.id, valor: fromCents(valorCents), transacao_id: posted.id };
  });
}
