import type { FastifyInstance } from 'fastify';
import { relatorioContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { faturamentoCsv } from '../modules/relatorio/faturamento-csv.js';
import { fechamentoData } from '../modules/relatorio/fechamento-data.js';
import { getFaturamento } from '../modules/relatorio/get-faturamento.js';
import { getFechamento } from '../modules/relatorio/get-fechamento.js';
import { writeFechamento } from '../pdf/fechamento-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/** Spec §7 "Reports and advances": Faturamento and Fechamento (administrador). */
export async function relatorioRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getFaturamento, async (request) => ({ status: 200, msg: 'ok', ...(await getFaturamento(db, request.actor, request.query)) }));

  fileRoute(app, c.getFaturamentoCsv, async (request, reply) => {
    const csv = await faturamentoCsv(db, request.actor, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .send(csv.body);
  });

  jsonRoute(app, c.getFechamento, async (request) => ({ status: 200, msg: 'ok', data: await getFechamento(db, request.actor, request.query) }));

  fileRoute(app, c.getFechamentoPdf, async (request, reply) => {
    const data = await fechamentoData(db, request.actor, request.query);
    return streamPdf(reply, 'Fechamento', `fechamento-${data.empresa.id}-${data.ano}-${String(data.mes).padStart(2, '0')}.pdf`, (doc) => writeFechamento(doc, data));
  });
}
