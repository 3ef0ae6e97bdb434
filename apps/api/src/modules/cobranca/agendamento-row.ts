import { alias } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agendamento, pessoa, usuario } from '../../db/schema/index.js';

const autor = alias(usuario, 'autor');
const executor = alias(usuario, 'executor');

/**
 * A note as every list shows it: Data, Descrição, Pessoa, Cpf/Cnpj, Log (registered at created_at
 * by usuario) and Status. Callers add where/order (and paging) to this select.
 */
export function selectAgendamentos(db: DbOrTx) {
  return db
    .select({
      id: agendamento.id,
      data: agendamento.data,
      descricao: agendamento.descricao,
      status: agendamento.status,
      pessoa_id: agendamento.pessoa_id,
      nome_razao: pessoa.nome_razao,
      cpf_cnpj: pessoa.cpf_cnpj,
      usuario_id: agendamento.usuario_id,
      usuario: autor.name,
      created_at: agendamento.created_at,
      realizado_em: agendamento.realizado_em,
      realizado_por: executor.name,
    })
    .from(agendamento)
    .innerJoin(pessoa, eq(pessoa.id, agendamento.pessoa_id))
    .leftJoin(autor, eq(autor.id, agendamento.usuario_id))
    .leftJoin(executor, eq(executor.id, agendamento.realizado_por))
    .$dynamic();
}
