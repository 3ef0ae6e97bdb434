import type { FastifyInstance } from 'fastify';
import { garantiaContracts as c, GARANTIA_MSG } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { multipartUpload } from '../http/multipart-upload.js';
import { aprovarGarantia } from '../modules/garantia/aprovar-garantia.js';
import { cancelarGarantia } from '../modules/garantia/cancelar-garantia.js';
import { consultaBureauGarantia } from '../modules/garantia/consulta-bureau-garantia.js';
import { consultaDocumentoUseCase } from '../modules/garantia/consulta-documento.js';
import { getGarantia } from '../modules/garantia/get-garantia.js';
import { listDuplicatas } from '../modules/garantia/list-duplicatas.js';
import { liberarBoletos } from '../modules/garantia/liberar-boletos.js';
import { listGarantias } from '../modules/garantia/list-garantias.js';
import { negarGarantia } from '../modules/garantia/negar-garantia.js';
import { solicitaGarantia } from '../modules/garantia/solicita-garantia.js';
import { updateBoletoAtendimento } from '../modules/garantia/update-boleto-atendimento.js';
import { uploadDuplicata } from '../modules/garantia/upload-duplicata.js';

/** Guarantees (spec §7 Guarantees) plus the boleto "Acerto de Atendimento" of the analysis screen. */
export async function garantiaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const bureau = ctx.bureau;

  jsonRoute(app, c.consultaDocumento, async (request) => consultaDocumentoUseCase(db, bureau, request.actor, request.body));

  jsonRoute(app, c.solicitaGarantia, async (request) => {
    const result = await solicitaGarantia(db, bureau, request.actor, request.body);
    if (result.status === 200) {
      // the credit policy's outcome, when one is published (docs/credito.md)
      const r = result.data.avaliacao?.resultado;
      const msg = r === 'APROVAR' ? 'Garantia aprovada automaticamente pela política de crédito!' : r === 'NEGAR' ? 'Solicitação não aprovada pela política de crédito.' : GARANTIA_MSG.sentTitle;
      return { status: result.status, msg, data: result.data };
    }
    return { status: result.status, title: GARANTIA_MSG.restrictedTitle, msg: GARANTIA_MSG.restrictedText, consulta: result.consulta };
  });

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listGarantias(db, request.actor, request.query)) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getGarantia(db, ctx.fileLinks, request.actor, request.params.id) }));

  jsonRoute(app, c.consultaRestritiva, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await consultaBureauGarantia(db, bureau, request.actor, request.params.id, 'RESTRITIVA'),
  }));

  jsonRoute(app, c.consultaAnalitica, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await consultaBureauGarantia(db, bureau, request.actor, request.params.id, 'ANALITICA'),
  }));

  jsonRoute(app, c.aprovar, async (request) => {
    await aprovarGarantia(db, request.actor, request.params.id);
    return { status: 200, msg: 'Garantia aprovada.' };
  });

  jsonRoute(app, c.negar, async (request) => {
    await negarGarantia(db, request.actor, request.params.id, request.params.motivo, request.params.observacao);
    return { status: 200, msg: 'Garantia não autorizada.' };
  });

  jsonRoute(app, c.cancelar, async (request) => {
    await cancelarGarantia(db, request.actor, request.params.id);
    return { status: 200, msg: 'Garantia cancelada.' };
  });

  jsonRoute(app, c.liberaBoleto, async (request) => {
    await liberarBoletos(db, request.actor, request.params.id);
    return { status: 200, msg: 'Boletos liberados.' };
  });

  jsonRoute(app, c.uploadDuplicata, async (request) => ({
    status: 200,
    msg: 'Duplicata(s) enviada(s) com sucesso.',
    data: await uploadDuplicata(multipartUpload(request), { db, storage: ctx.storage }, request.actor),
  }));

  jsonRoute(app, c.getDuplicatas, async (request) => ({ status: 200, msg: 'ok', data: await listDuplicatas(db, ctx.fileLinks, request.actor, request.params.id) }));

  // Registered here by agreement with the boletos feature (routes/boleto.ts is theirs).
  jsonRoute(app, c.updateBoleto, async (request) => ({
    status: 200,
    msg: 'Boleto atualizado.',
    data: await updateBoletoAtendimento(db, request.actor, request.params.id, request.body),
  }));
}
