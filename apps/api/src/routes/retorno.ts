import type { FastifyInstance } from 'fastify';
import { retornoContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { multipartUpload } from '../http/multipart-upload.js';
import { aplicarRetorno } from '../modules/cnab/aplicar-retorno.js';
import { createRetorno } from '../modules/cnab/create-retorno.js';
import { getRetorno } from '../modules/cnab/get-retorno.js';
import { listRetornoItens } from '../modules/cnab/list-retorno-itens.js';
import { listRetornos } from '../modules/cnab/list-retornos.js';

/** Retornos CNAB 240 (spec §7 Returns; docs/cnab.md): upload, preview and apply as background jobs. */
export async function retornoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.create, async (request) => {
    const { msg, ...data } = await createRetorno(multipartUpload(request), { db, storage: ctx.storage, jobs: ctx.jobs, maxBytes: ctx.config.retornoMaxBytes }, request.actor);
    return { status: 200, msg, data };
  });

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listRetornos(db, request.actor, request.query)) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getRetorno(db, request.actor, request.params.id) }));

  jsonRoute(app, c.getItens, async (request) => ({ status: 200, msg: 'ok', ...(await listRetornoItens(db, request.actor, request.params.id, request.query)) }));

  jsonRoute(app, c.aplicar, async (request) => ({
    status: 200,
    msg: 'Aplicação do retorno iniciada.',
    data: await aplicarRetorno({ db, jobs: ctx.jobs }, request.actor, request.params.id),
  }));
}
