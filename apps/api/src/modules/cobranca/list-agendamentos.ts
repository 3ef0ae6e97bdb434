import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { mesRange, type AgendamentoStatus, COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { agendamento, pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { selectAgendamentos } from './agendamento-row.js';
import { assertAdmin } from '../tenancy/access.js';

export type ListAgendamentosInput = { page: number; per_page: number; mes: string; usuario_id?: number; status?: AgendamentoStatus; pesquisa?: string };

/**
 * GET /api/pessoa/getAllNotesPaginate (Agendamentos): the notes dated in the month (required),
 * optionally of one operator (who registered them) or one status, searched by the person's name or
 * document; by date, oldest first, so the day's calls come in order.
 */
export async function listAgendamentos(db: Db, actor: Actor, input: ListAgendamentosInput) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const { inicio, fim } = mesRange(input.mes);
  const query = selectAgendamentos(db).where(
    and(
      gte(agendamento.data, inicio),
      lt(agendamento.data, fim),
      input.usuario_id ? eq(agendamento.usuario_id, input.usuario_id) : undefined,
      input.status ? eq(agendamento.status, input.status) : undefined,
      textSearch(input.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj] }),
    ),
  );
  return pagedSelect(db, query, { ...input, orderBy: [asc(agendamento.data), desc(agendamento.created_at), asc(agendamento.id)] });
}
