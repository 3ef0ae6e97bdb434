import type { FastifyInstance } from 'fastify';
import { antecipacaoContracts as c, ANTECIPACAO_MSG } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { antecipacaoDocumentoData } from '../modules/antecipacao/antecipacao-documento.js';
import { aprovarAntecipacao } from '../modules/antecipacao/aprovar-antecipacao.js';
import { createAntecipacao } from '../modules/antecipacao/create-antecipacao.js';
import { getAntecipacao } from '../modules/antecipacao/get-antecipacao.js';
import { listAntecipacoes } from '../modules/antecipacao/list-antecipacoes.js';
import { negarAntecipacao } from '../modules/antecipacao/negar-antecipacao.js';
import { simulateAntecipacao } from '../modules/antecipacao/simulate-antecipacao.js';
import { writeAntecipacaoDocumento } from '../pdf/antecipacao-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/** Spec §7 "Reports and advances": the advance calls (under /api/relatorio/). */
export async function antecipacaoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.simulaAntecipacao, async (request) => ({ status: 200, ...(await simulateAntecipacao(db, request.actor, { empresaId: request.query.empresa_id })) }));

  jsonRoute(app, c.getAllAntecipacao, async (request) => ({ status: 200, msg: 'ok', ...(await listAntecipacoes(db, request.actor, request.query)) }));

  jsonRoute(app, c.getAntecipacao, async (request) => ({ status: 200, msg: 'ok', data: await getAntecipacao(db, request.actor, request.params.id) }));

  jsonRoute(app, c.createAntecipacao, async (request) => ({
    status: 200,
    msg: ANTECIPACAO_MSG.enviada,
    data: await createAntecipacao(db, request.actor, request.body),
  }));

  jsonRoute(app, c.aprovaAntecipacao, async (request) => ({
    status: 200,
    msg: ANTECIPACAO_MSG.aprovada,
    data: await aprovarAntecipacao(db, request.actor, request.params.id),
  }));

  jsonRoute(app, c.negaAntecipacao, async (request) => ({
    status: 200,
    msg: ANTECIPACAO_MSG.negada,
    data: await negarAntecipacao(db, request.actor, request.params.id),
  }));

  fileRoute(app, c.getAntecipacaoDocumento, async (request, reply) => {
    const data = await antecipacaoDocumentoData(db, request.actor, request.params.id);
    return streamPdf(reply, 'Antecipação', `antecipacao-${data.id}.pdf`, (doc) => writeAntecipacaoDocumento(doc, data));
  });
}
