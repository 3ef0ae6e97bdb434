import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agendamento } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { loadPessoaInScope, readScope } from '../pessoa/pessoa-access.js';
import { selectAgendamentos } from './agendamento-row.js';
import { assertAdministrador } from './cobranca-access.js';

/** GET /api/pessoa/getNotesByPessoaId/{id}: all of the person's notes, latest date first (404 for an unknown person). */
export async function listAgendamentosDaPessoa(db: Db, actor: Actor, pessoaId: number) {
  assertAdministrador(actor);
  // only that the person exists: nothing of its record is answered (nor logged as viewed, LGPD)
  await loadPessoaInScope(db, await readScope(db, actor), pessoaId);
  return selectAgendamentos(db)
    .where(eq(agendamento.pessoa_id, pessoaId))
    .orderBy(desc(agendamento.data), desc(agendamento.id))
    .limit(500);
}
