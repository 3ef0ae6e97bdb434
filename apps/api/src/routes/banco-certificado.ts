import type { FastifyInstance } from 'fastify';
import { bancoContracts as c, formatDateTimeBR } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { multipartUpload } from '../http/multipart-upload.js';
import { enviarCertificado, removerCertificado } from '../modules/banco/certificado-conta.js';

/** The conta's client certificate for mutual TLS with its bank (docs/banks.md "Certificados e TLS mútuo"). */
export async function bancoCertificadoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.enviarCertificado, async (request) => {
    const data = await enviarCertificado(db, ctx.bank, request.actor, request.params.id, multipartUpload(request), ctx.clock.now());
    return { status: 200, msg: `Certificado guardado: vale até ${formatDateTimeBR(data.validade).slice(0, 10)} (${data.dias_restantes} dias).`, data };
  });

  jsonRoute(app, c.removerCertificado, async (request) => {
    await removerCertificado(db, request.actor, request.params.id);
    return { status: 200, msg: 'Certificado removido: as chamadas ao banco seguem sem certificado do cliente.' };
  });
}
