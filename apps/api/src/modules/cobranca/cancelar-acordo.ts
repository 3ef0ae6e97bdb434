import { and, eq, sql } from 'drizzle-orm';
import { ACORDO_STATUS, COBRANCA_MSG, PARCELA_SITUACAO } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { acordo, acordoBoleto, acordoParcela } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { emitirEventoAcordo } from '../eventos/eventos-cobranca.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/acordo/cancelar {acordoId} (docs/decisions/050 and 109): only an acordo "Aguardando
 * Ativação" or ATIVO; CANCELADO and QUITADO answer 409. In one transaction: the acordo becomes
 * CANCELADO with the date and the user, its open instalments "Cancelada" (paid ones stay paid) and
 * its acordo_boleto rows stop being vigente. The boletos keep their bank situação (ENVIADO PARA
 * REMOÇÃO or BAIXADO (REMOVIDO)) and are open debt again: the person is back on Inadimplentes with
 * the original boletos and due dates. Nothing moves in the ledger: what was paid stays credited to
 * the boletos it paid, and the next acordo deducts it ("Pagamentos anteriores"). They are never made
 * QUITADO here — QUITADO means the guarantor paid the shop ("Marcar como quitado" posts that payout).
 */
export async function cancelarAcordo(db: Db, actor: Actor, acordoId: number) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [a] = await tx.select({ id: acordo.id, status: acordo.status }).from(acordo).where(eq(acordo.id, acordoId)).for('update');
    if (!a) throw notFound('Acordo');
    if (a.status === ACORDO_STATUS.CANCELADO) throw new AppError('WRONG_STATE', COBRANCA_MSG.acordoJaCancelado);
    if (a.status === ACORDO_STATUS.QUITADO) throw new AppError('WRONG_STATE', COBRANCA_MSG.acordoQuitado);
    const [updated] = await tx
      .update(acordo)
      .set({ status: ACORDO_STATUS.CANCELADO, data_cancelamento: sql`now()`, user_cancelamento_id: actor.id, updated_at: sql`now()` })
      .where(and(eq(acordo.id, a.id), eq(acordo.status, a.status)))
      .returning({ id: acordo.id, status: acordo.status, data_cancelamento: acordo.data_cancelamento });
    const canceladas = await tx
      .update(acordoParcela)
      .set({ situacao: PARCELA_SITUACAO.CANCELADA })
      .where(and(eq(acordoParcela.acordo_id, a.id), eq(acordoParcela.situacao, PARCELA_SITUACAO.EM_ABERTO)))
      .returning({ id: acordoParcela.id });
    const covered = await tx
      .update(acordoBoleto)
      .set({ vigente: false })
      .where(and(eq(acordoBoleto.acordo_id, a.id), eq(acordoBoleto.vigente, true)))
      .returning({ boleto_id: acordoBoleto.boleto_id });
    await emitirEventoAcordo(tx, a.id, 'acordo.cancelado');
    await recordAudit(tx, actor, {
      action: 'acordo.cancelar',
      entity: 'acordo',
      entityId: a.id,
      summary: { de: a.status, parcelas_canceladas: canceladas.length, boletos_em_cobranca: covered.map((c) => c.boleto_id).sort((x, y) => x - y) },
    });
    return { id: updated.id, status: updated.status, data_cancelamento: updated.data_cancelamento! };
  });
}
