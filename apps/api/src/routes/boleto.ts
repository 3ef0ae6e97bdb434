import type { FastifyInstance } from 'fastify';
import { boletoContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { baixarBoleto } from '../modules/boletos/baixar-boleto.js';
import { cancelarBoleto } from '../modules/boletos/cancelar-boleto.js';
import { comprovanteData } from '../modules/boletos/comprovante-data.js';
import { duplicataData } from '../modules/boletos/duplicata-data.js';
import { getBoleto } from '../modules/boletos/get-boleto.js';
import { getGarantiaImpressao, listGarantiasImpressao } from '../modules/boletos/list-garantias-impressao.js';
import { listBoletos } from '../modules/boletos/list-boletos.js';
import { marcarQuitadoBoleto } from '../modules/boletos/marcar-quitado-boleto.js';
import { quitarBoleto } from '../modules/boletos/quitar-boleto.js';
import { garantiaOfBoleto, prepareGarantiaForPrint, slipsOf } from '../modules/boletos/slip-source.js';
import { comprovanteHtml, writeComprovante } from '../pdf/comprovante.js';
import { writeBoletoPage } from '../pdf/boleto-pdf.js';
import { writeCarne } from '../pdf/carne-pdf.js';
import { writeDuplicatas } from '../pdf/duplicata-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/** Spec §7 Slips (this module's part; update/{id} lives with the guarantees, gerarRemessa with CNAB). */
export async function boletoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listBoletos(db, request.actor, request.query)) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getBoleto(db, request.actor, request.params.id) }));

  jsonRoute(app, c.getGarantiasImpressao, async (request) => ({
    status: 200,
    msg: 'ok',
    ...(await listGarantiasImpressao(db, request.actor, request.query)),
  }));

  jsonRoute(app, c.getGarantiaImpressao, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getGarantiaImpressao(db, request.actor, request.params.id),
  }));

  fileRoute(app, c.getBoleto, async (request, reply) => {
    const garantiaId = await garantiaOfBoleto(db, request.actor, request.params.id);
    await prepareGarantiaForPrint(db, request.actor, garantiaId, request.params.id);
    return streamPdf(reply, 'Boleto', `boleto-${request.params.id}.pdf`, async (doc) => {
      for await (const slip of slipsOf(db, garantiaId, request.params.id)) writeBoletoPage(doc, slip);
    });
  });

  fileRoute(app, c.getCarneBoleto, async (request, reply) => {
    const garantiaId = request.params.id;
    await prepareGarantiaForPrint(db, request.actor, garantiaId);
    return streamPdf(reply, 'Carnê', `carne-${garantiaId}.pdf`, (doc) => writeCarne(doc, slipsOf(db, garantiaId)));
  });

  fileRoute(app, c.getDuplicataAll, async (request, reply) => {
    const data = await duplicataData(db, request.actor, request.params.id);
    return streamPdf(reply, 'Duplicatas', `duplicatas-${request.params.id}.pdf`, (doc) => writeDuplicatas(doc, data));
  });

  fileRoute(app, c.getComprovante, async (request, reply) => {
    const data = await comprovanteData(db, request.params.token);
    if (request.query.formato === 'pdf') return streamPdf(reply, 'Comprovante', 'comprovante.pdf', (doc) => writeComprovante(doc, data));
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'self'")
      .header('x-robots-tag', 'noindex')
      .send(comprovanteHtml(data, `?formato=pdf`));
  });

  jsonRoute(app, c.quitar, async (request) => ({
    status: 200,
    msg: 'Boleto quitado com sucesso!',
    data: await quitarBoleto(db, request.actor, request.params.id, request.body?.motivo),
  }));

  jsonRoute(app, c.cancelar, async (request) => ({
    status: 200,
    msg: 'Boleto cancelado com sucesso!',
    data: await cancelarBoleto(db, request.actor, request.params.id, request.body?.motivo),
  }));

  jsonRoute(app, c.marcarQuitado, async (request) => ({
    status: 200,
    msg: 'Boleto marcado como quitado!',
    data: await marcarQuitadoBoleto(db, request.actor, request.params.id, request.body?.motivo),
  }));

  jsonRoute(app, c.baixar, async (request) => ({
    status: 200,
    msg: 'Boleto baixado com sucesso!',
    data: await baixarBoleto(db, request.actor, request.params.id, request.body?.motivo),
  }));
}
