import { COBRANCA_MSG } from '@bg/domain';
import { eq } from 'drizzle-orm';
import type { AgendamentoInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { agendamento, pessoa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';

/** POST /api/pessoa/createNote {data, descricao, pessoa_id}: a PENDENTE note registered by the actor. */
export async function createAgendamento(db: Db, actor: Actor, input: AgendamentoInput) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [p] = await tx.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.id, input.pessoa_id));
    if (!p) throw notFound('Pessoa');
    const [row] = await tx
      .insert(agendamento)
      .values({ pessoa_id: input.pessoa_id, data: input.data, descricao: input.descricao, usuario_id: actor.id })
      .returning({ id: agendamento.id });
    await recordAudit(tx, actor, { action: 'agendamento.create', entity: 'agendamento', entityId: row.id, summary: { pessoa_id: input.pessoa_id, data: input.data } });
    return { id: row.id };
  });
}
