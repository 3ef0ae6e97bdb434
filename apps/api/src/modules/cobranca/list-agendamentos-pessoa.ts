import { COBRANCA_MSG } from '@bg/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agendamento } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { loadPessoaInScope } from '../pessoa/pessoa-access.js';
import { empresaScope } from '../tenancy/scope.js';
import { selectAgendamentos } from './agendamento-row.js';
import { assertAdmin } from '../tenancy/access.js';

/** GET /api/pessoa/getNotesByPessoaId/{id}: all of the person's notes, latest date first (404 for an unknown person). */
export async function listAgendamentosDaPessoa(db: Db, actor: Actor, pessoaId: number) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  // only that the person exists: nothing of its record is answered (nor logged as viewed, LGPD)
  await loadPessoaInScope(db, await empresaScope(db, actor), pessoaId);
  return selectAgendamentos(db)
    .where(eq(agendamento.pessoa_id, pessoaId))
    .orderBy(desc(agendamento.data), desc(agendamento.id))
    .limit(500);
}
