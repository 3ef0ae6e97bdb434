import type { FastifyInstance } from 'fastify';
import { boletoAvulsoContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { avulsoSlip } from '../modules/boleto-avulso/avulso-slip.js';
import { createBoletoAvulso } from '../modules/boleto-avulso/create-boleto-avulso.js';
import { getPagador } from '../modules/boleto-avulso/get-pagador.js';
import { listBoletosAvulsos } from '../modules/boleto-avulso/list-boletos-avulsos.js';
import { writeBoletoPage } from '../pdf/boleto-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/** Spec §7 Stand-alone slips (docs/cnab.md). */
export async function boletoAvulsoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listBoletosAvulsos(db, ctx.fileLinks, request.actor, request.query)) }));

  jsonRoute(app, c.getByCpfCnpj, async (request) => {
    const data = await getPagador(db, request.actor, request.body.cpf_cnpj);
    return { status: 200, msg: data ? 'ok' : 'Pagador não encontrado.', data };
  });

  fileRoute(app, c.getBoleto, async (request, reply) => {
    const slip = await avulsoSlip(db, request.actor, request.params.id);
    return streamPdf(reply, 'Boleto avulso', `boleto-avulso-${request.params.id}.pdf`, (doc) => writeBoletoPage(doc, slip));
  });

  jsonRoute(app, c.create, async (request) => ({
    status: 200,
    msg: 'Boleto avulso gerado.',
    data: await createBoletoAvulso({ db, storage: ctx.storage }, request.actor, request.body),
  }));
}
