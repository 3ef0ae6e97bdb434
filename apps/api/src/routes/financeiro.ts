import type { FastifyInstance } from 'fastify';
import { financeiroContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { extratoCsv } from '../modules/financeiro/extrato-csv.js';
import { extratoPdfData } from '../modules/financeiro/extrato-pdf-data.js';
import { getExtrato } from '../modules/financeiro/get-extrato.js';
import { listRepasses } from '../modules/financeiro/list-repasses.js';
import { listSaldosLojas } from '../modules/financeiro/list-saldos-lojas.js';
import { repassesCsv } from '../modules/financeiro/repasses-csv.js';
import { writeExtrato } from '../pdf/extrato-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

const csvHeaders = { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'private, no-store' };

/** Financeiro > Extrato (any user, its tenancy) and Repasses (administrador), read from the ledger. */
export async function financeiroRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getExtrato, async (request) => ({ status: 200, msg: 'ok', ...(await getExtrato(db, request.actor, request.query)) }));

  fileRoute(app, c.getExtratoCsv, async (request, reply) => {
    const csv = await extratoCsv(db, request.actor, request.query);
    return reply.headers({ ...csvHeaders, 'content-disposition': `attachment; filename="${csv.filename}"` }).send(csv.stream);
  });

  fileRoute(app, c.getExtratoPdf, async (request, reply) => {
    const data = await extratoPdfData(db, request.actor, request.query);
    return streamPdf(reply, 'Extrato da loja', `extrato-${data.loja.id}-${data.de}-a-${data.ate}.pdf`, (doc) => writeExtrato(doc, data));
  });

  jsonRoute(app, c.getSaldosLojas, async (request) => ({ status: 200, msg: 'ok', ...(await listSaldosLojas(db, request.actor, request.query)) }));

  jsonRoute(app, c.getRepasses, async (request) => ({ status: 200, msg: 'ok', ...(await listRepasses(db, request.actor, request.query)) }));

  fileRoute(app, c.getRepassesCsv, async (request, reply) => {
    const csv = repassesCsv(db, request.actor, request.query);
    return reply.headers({ ...csvHeaders, 'content-disposition': `attachment; filename="${csv.filename}"` }).send(csv.stream);
  });
}
