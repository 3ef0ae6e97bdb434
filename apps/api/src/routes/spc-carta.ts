import type { FastifyInstance } from 'fastify';
import { COBRANCA_MSG, formatDateBR, spcCartaContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { registrarPostagemSpc, spcCartaData } from '../modules/cobranca/spc-carta.js';
import { writeSpcCarta } from '../pdf/spc-carta-pdf.js';
import { streamPdf } from '../pdf/stream-pdf.js';

/** The SPC notice letter and its posting (decision 116; docs/cobranca.md "SPC"). */
export async function spcCartaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  fileRoute(app, c.carta, async (request, reply) => {
    const data = await spcCartaData(db, request.actor, request.params.id, ctx.config.spcAvisoDias);
    return streamPdf(reply, 'Aviso prévio — SPC', `aviso-spc-${data.id}.pdf`, (doc) => writeSpcCarta(doc, data));
  });

  jsonRoute(app, c.postagem, async (request) => {
    const data = await registrarPostagemSpc(db, request.actor, request.params.id, request.body, ctx.config.spcAvisoDias);
    return { status: 200, msg: COBRANCA_MSG.spcPostagemRegistrada(formatDateBR(data.inclusao_prevista)), data };
  });
}
