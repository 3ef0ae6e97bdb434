import { and, eq, sql } from 'drizzle-orm';
import { AGENDAMENTO_STATUS, COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { agendamento } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/pessoa/concluirNote/{id}: PENDENTE → REALIZADO, once. The UPDATE only matches a
 * PENDENTE note, so two operators marking it together change it once; the other gets 409.
 */
export async function concluirAgendamento(db: Db, actor: Actor, id: number) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(agendamento)
      .set({ status: AGENDAMENTO_STATUS.REALIZADO, realizado_em: sql`now()`, realizado_por: actor.id })
      .where(and(eq(agendamento.id, id), eq(agendamento.status, AGENDAMENTO_STATUS.PENDENTE)))
      .returning({ id: agendamento.id, status: agendamento.status, pessoa_id: agendamento.pessoa_id });
    if (!done) {
      const [exists] = await tx.select({ id: agendamento.id }).from(agendamento).where(eq(agendamento.id, id));
      if (!exists) throw notFound('Agendamento');
      throw new AppError('WRONG_STATE', COBRANCA_MSG.agendamentoJaRealizado);
    }
    await recordAudit(tx, actor, { action: 'agendamento.concluir', entity: 'agendamento', entityId: id, summary: { pessoa_id: done.pessoa_id } });
    return { id: done.id, status: done.status };
  });
}
