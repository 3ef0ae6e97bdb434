import type { FastifyInstance } from 'fastify';
import { lgpdContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { exportarDados } from '../modules/lgpd/exportar-dados.js';
import { listAcessos } from '../modules/lgpd/list-acessos.js';
import { writeExportacaoLgpd } from '../pdf/lgpd-exportacao-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/**
 * LGPD (docs/decisions/095): the access log of a person's personal data and the data subject's
 * export (JSON download and PDF; the CPF/CNPJ in the body). The nightly purge of the log beyond its
 * retention (LGPD_ACCESS_LOG_RETENTION_MONTHS, default 12, never under 6) is in jobs/catalogue.ts.
 */
export async function lgpdRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getAcessos, async (request) => ({
    status: 200,
    msg: 'ok',
    ...(await listAcessos(db, request.actor, request.params.id, request.query)),
  }));

  fileRoute(app, c.exportar, async (request, reply) => {
    const data = await exportarDados(db, request.actor, request.body.cpf_cnpj);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="lgpd-${request.body.cpf_cnpj}.json"`)
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(data, null, 2));
  });

  fileRoute(app, c.exportarPdf, async (request, reply) => {
    // everything is read (and the export logged) before the PDF starts: a refusal is still JSON
    const data = await exportarDados(db, request.actor, request.body.cpf_cnpj);
    return streamPdf(reply, 'Relatório de dados pessoais (LGPD)', `lgpd-${request.body.cpf_cnpj}.pdf`, (doc) => writeExportacaoLgpd(doc, data));
  });
}
