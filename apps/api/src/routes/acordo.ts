import type { FastifyInstance } from 'fastify';
import { acordoContracts as c, COBRANCA_MSG } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { acordoTermoData } from '../modules/cobranca/acordo-termo.js';
import { baixarParcela } from '../modules/cobranca/baixar-parcela.js';
import { cancelarAcordo } from '../modules/cobranca/cancelar-acordo.js';
import { createAcordo } from '../modules/cobranca/create-acordo.js';
import { getAcordo } from '../modules/cobranca/get-acordo.js';
import { incluirSpc } from '../modules/cobranca/incluir-spc.js';
import { listAcordos } from '../modules/cobranca/list-acordos.js';
import { writeAcordoTermo } from '../pdf/acordo-termo-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/** Settlements (spec §7 Settlements) and the SPC inclusion. Administradores only. */
export async function acordoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.create, async (request) => ({ status: 200, msg: COBRANCA_MSG.acordoCriado, data: await createAcordo(db, request.actor, request.body) }));

  jsonRoute(app, c.getAll, async (request) => ({ status: 200, msg: 'ok', ...(await listAcordos(db, request.actor, request.query)) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getAcordo(db, request.actor, request.params.id) }));

  jsonRoute(app, c.baixarParcela, async (request) => ({
    status: 200,
    msg: COBRANCA_MSG.parcelaBaixada,
    data: await baixarParcela(db, ctx.jobs, request.actor, request.body.parcelaId),
  }));

  jsonRoute(app, c.cancelar, async (request) => ({
    status: 200,
    msg: COBRANCA_MSG.acordoCancelado,
    data: await cancelarAcordo(db, request.actor, request.body.acordoId),
  }));

  jsonRoute(app, c.incluirSpc, async (request) => {
    const data = await incluirSpc(db, ctx.jobs, request.actor, request.body.boletoId, ctx.config.spcAvisoDias);
    return { status: 200, msg: COBRANCA_MSG.spcAvisoEnviado(ctx.config.spcAvisoDias), data };
  });

  fileRoute(app, c.getTermo, async (request, reply) => {
    const data = await acordoTermoData(db, request.actor, request.params.id);
    return streamPdf(reply, 'Termo de Acordo', `acordo-${data.id}.pdf`, (doc) => writeAcordoTermo(doc, data));
  });
}
