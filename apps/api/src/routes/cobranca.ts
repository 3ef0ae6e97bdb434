import type { FastifyInstance } from 'fastify';
import { cobrancaContracts as c, COBRANCA_MSG } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { concluirAgendamento } from '../modules/cobranca/concluir-agendamento.js';
import { createAgendamento } from '../modules/cobranca/create-agendamento.js';
import { getInadimplente } from '../modules/cobranca/get-inadimplente.js';
import { listAgendamentos } from '../modules/cobranca/list-agendamentos.js';
import { listAgendamentosDaPessoa } from '../modules/cobranca/list-agendamentos-pessoa.js';
import { listInadimplentes } from '../modules/cobranca/list-inadimplentes.js';
import { listOperadores } from '../modules/cobranca/list-operadores.js';

/** Cobrança calls under /api/pessoa/ (spec §7 People): defaulters and schedules. Administradores only. */
export async function cobrancaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getInadimplentes, async (request) => ({ status: 200, msg: 'ok', ...(await listInadimplentes(db, request.actor, request.query)) }));

  jsonRoute(app, c.getInadimplenteById, async (request) => ({ status: 200, msg: 'ok', data: await getInadimplente(db, request.actor, request.params.id) }));

  jsonRoute(app, c.getAllNotesPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listAgendamentos(db, request.actor, request.query)) }));

  jsonRoute(app, c.getNotesByPessoaId, async (request) => ({ status: 200, msg: 'ok', data: await listAgendamentosDaPessoa(db, request.actor, request.params.id) }));

  jsonRoute(app, c.createNote, async (request) => ({ status: 200, msg: COBRANCA_MSG.agendamentoCriado, data: await createAgendamento(db, request.actor, request.body) }));

  jsonRoute(app, c.concluirNote, async (request) => ({ status: 200, msg: COBRANCA_MSG.agendamentoConcluido, data: await concluirAgendamento(db, request.actor, request.params.id) }));

  jsonRoute(app, c.getOperadores, async (request) => ({ status: 200, msg: 'ok', data: await listOperadores(db, request.actor) }));
}
