import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acertoAtendimentoSchema,
  consultaDocumentoSchema,
  garantiaListQuerySchema,
  GARANTIA_MSG,
  idParamSchema,
  negarGarantiaParamsSchema,
  solicitaGarantiaSchema,
} from '@bg/domain';
import { bureauFromEnv } from '../adapters/bureau/bureau-from-env.js';
import type { AppContext } from '../http/context.js';
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
export async function garantiaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const bureau = bureauFromEnv();
  const tags = ['garantia'];
  const admin = { access: 'admin' as const };

  app.get('/api/garantia/consultaDocumento', { schema: { tags, summary: 'Consulta do CPF/CNPJ (passo 1 da solicitação)', querystring: consultaDocumentoSchema } }, async (request) =>
    consultaDocumentoUseCase(db, bureau, request.actor, request.query),
  );

  app.post('/api/garantia/solicitaGarantia', { schema: { tags, summary: 'Solicitação de garantia', body: solicitaGarantiaSchema() } }, async (request) => {
    const result = await solicitaGarantia(db, bureau, request.actor, request.body);
    if (result.status === 200) return { status: 200, msg: GARANTIA_MSG.sentTitle, data: result.data };
    return { status: result.status, title: GARANTIA_MSG.restrictedTitle, msg: GARANTIA_MSG.restrictedText, consulta: result.consulta };
  });

  app.get('/api/garantia/getAllPaginate', { config: admin, schema: { tags, summary: 'Lista de garantias', querystring: garantiaListQuerySchema } }, async (request) => ({
    status: 200,
    msg: 'ok',
    ...(await listGarantias(db, request.actor, request.query)),
  }));

  app.get('/api/garantia/getById/:id', { schema: { tags, summary: 'Garantia com pessoa, boletos e consultas', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getGarantia(db, ctx.fileLinks, request.actor, request.params.id),
  }));

  for (const [path, tipo] of [['consultaRestritiva', 'RESTRITIVA'], ['consultaAnalitica', 'ANALITICA']] as const) {
    app.get(`/api/garantia/${path}/:id`, { config: admin, schema: { tags, summary: `Consulta ${tipo === 'RESTRITIVA' ? 'Restritiva' : 'Analítica'}`, params: idParamSchema } }, async (request) => ({
      status: 200,
      msg: 'ok',
      data: await consultaBureauGarantia(db, bureau, request.actor, request.params.id, tipo),
    }));
  }

  app.post('/api/garantia/aprovar/:id', { config: admin, schema: { tags, summary: 'Aprovar garantia', params: idParamSchema } }, async (request) => {
    await aprovarGarantia(db, request.actor, request.params.id);
    return { status: 200, msg: 'Garantia aprovada.' };
  });

  app.post('/api/garantia/negar/:id/:motivo/:observacao', { config: admin, schema: { tags, summary: 'Negar garantia', params: negarGarantiaParamsSchema } }, async (request) => {
    await negarGarantia(db, request.actor, request.params.id, request.params.motivo, request.params.observacao);
    return { status: 200, msg: 'Garantia não autorizada.' };
  });

  app.post('/api/garantia/cancelar/:id', { config: admin, schema: { tags, summary: 'Cancelar garantia', params: idParamSchema } }, async (request) => {
    await cancelarGarantia(db, request.actor, request.params.id);
    return { status: 200, msg: 'Garantia cancelada.' };
  });

  app.post('/api/garantia/liberaBoleto/:id', { config: admin, schema: { tags, summary: 'Libera Boleto(s)', params: idParamSchema } }, async (request) => {
    await liberarBoletos(db, request.actor, request.params.id);
    return { status: 200, msg: 'Boletos liberados.' };
  });

  app.post('/api/garantia/uploadDuplicata', { schema: { tags, summary: 'Envio de duplicatas assinadas (multipart: garantia_id, arquivo)' } }, async (request) => {
    const data = await uploadDuplicata(request, { db, storage: ctx.storage }, request.actor);
    return { status: 200, msg: 'Duplicata(s) enviada(s) com sucesso.', data };
  });

  app.get('/api/garantia/getDuplicatas/:id', { schema: { tags, summary: 'Duplicatas da garantia (links expiráveis)', params: idParamSchema } }, async (request) => {
    return { status: 200, msg: 'ok', data: await listDuplicatas(db, ctx.fileLinks, request.actor, request.params.id) };
  });

  // Registered here by agreement with the boletos feature (routes/boleto.ts is theirs).
  app.post('/api/boleto/update/:id', { config: admin, schema: { tags: ['boleto'], summary: 'Acerto de Atendimento (vencimento e valor)', params: idParamSchema, body: acertoAtendimentoSchema } }, async (request) => ({
    status: 200,
    msg: 'Boleto atualizado.',
    data: await updateBoletoAtendimento(db, request.actor, request.params.id, request.body),
  }));
}
