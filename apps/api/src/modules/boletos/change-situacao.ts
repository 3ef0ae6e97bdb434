import { and, eq, isNull, sql } from 'drizzle-orm';
import { BOLETO_TRANSITIONS, nextSituacao, type BoletoAction, type Situacao } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { boleto, boletoHistorico } from '../../db/schema/index.js';
import { wrongState } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { postBoletoTransition, type BoletoMoney } from '../ledger/post-boleto-transition.js';
import { emitirEventosBoletos } from '../eventos/eventos-boleto.js';

export type SituacaoChange = { boletoId: number; from: Situacao | null; to: Situacao };

/**
 * Applies one action of the boleto state machine to one boleto inside the caller's transaction.
 * The UPDATE only matches while the boleto is still in an allowed situação, so two concurrent
 * requests change it once; the loser gets a clear 409. Records history (who, when, from, to, why)
 * and the audit log, and posts what the change means for the money in the same transaction
 * (post-boleto-transition.ts, decision 109): a liquidação, quitar, a baixa, an advanced boleto
 * cancelled. `money` carries what the bank paid (the retorno) or the business date.
 */
export async function changeSituacao(
  tx: DbOrTx,
  boletoId: number,
  action: BoletoAction,
  actor: { id: number | null; ip: string | null },
  motivo: string | null = null,
  extra: Partial<typeof boleto.$inferInsert> = {},
  money: BoletoMoney = {},
): Promise<SituacaoChange> {
  const [current] = await tx.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, boletoId)).for('update');
  if (!current) throw wrongState('Boleto não encontrado.');
  const from = current.situacao;
  if (!BOLETO_TRANSITIONS[action].from.includes(from)) {
    throw wrongState(`Operação não permitida: o boleto está ${from ?? 'aguardando liberação'}.`);
  }
  const to = nextSituacao(action, from);
  const updated = await tx
    .update(boleto)
    .set({ ...extra, situacao: to, updated_at: sql`now()` })
    .where(and(eq(boleto.id, boletoId), from === null ? isNull(boleto.situacao) : eq(boleto.situacao, from)))
    .returning({ id: boleto.id });
  if (!updated.length) throw wrongState('O boleto foi alterado por outra operação. Atualize a tela.');
  await tx.insert(boletoHistorico).values({ boleto_id: boletoId, de: from, para: to, motivo, usuario_id: actor.id });
  await recordAudit(tx, actor, { action: `boleto.${action}`, entity: 'boleto', entityId: boletoId, summary: { de: from, para: to, motivo } });
  await postBoletoTransition(tx, boletoId, action, actor.id, money);
  await emitirEventosBoletos(tx, [{ boletoId, action, pagamento: money.pagamento }]);
  return { boletoId, from, to };
}
