import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALL_SITUACOES, ID_INVALID, MAX_ID, pagingQuerySchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import type { Actor } from '../modules/audit/record-audit.js';
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

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, ID_INVALID) });
const motivoBody = z.object({ motivo: z.string().trim().max(300).optional().nullable() }).optional().nullable();

/** Spec §7 Slips (this module's part; update/{id} lives with the guarantees, gerarRemessa with CNAB). */
export async function boletoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['boletos'];

  app.get(
    '/api/boleto/getAllPaginate',
    {
      schema: {
        tags,
        summary: 'Boletos liberados (Boletos Garantidos; Recebimentos com situacao=GARANTIDO)',
        querystring: pagingQuerySchema.extend({
          pesquisa: z.string().trim().max(100).optional(),
          situacao: z.enum(ALL_SITUACOES as [string, ...string[]]).optional().or(z.literal('').transform(() => undefined)),
          empresa_id: z.coerce.number().int().positive().max(MAX_ID, ID_INVALID).optional().or(z.literal('').transform(() => undefined)),
        }),
      },
    },
    async (request) => ({
      status: 200,
      msg: 'ok',
      ...(await listBoletos(db, request.actor, request.query as Parameters<typeof listBoletos>[2])),
    }),
  );

  app.get('/api/boleto/getById/:id', { schema: { tags, summary: 'Boleto e seu histórico', params: idParams } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getBoleto(db, request.actor, request.params.id),
  }));

  app.get(
    '/api/boleto/getGarantiasImpressao',
    {
      schema: {
        tags,
        summary: 'Garantias para impressão (as da própria empresa; administrador: todas)',
        querystring: pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() }),
      },
    },
    async (request) => ({ status: 200, msg: 'ok', ...(await listGarantiasImpressao(db, request.actor, request.query)) }),
  );

  app.get('/api/boleto/getGarantiaImpressao/:id', { schema: { tags, summary: 'Boletos da Garantia', params: idParams } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getGarantiaImpressao(db, request.actor, request.params.id),
  }));

  app.get('/api/boleto/getBoleto/:id', { schema: { tags, summary: 'PDF do boleto (recibo + ficha de compensação)', params: idParams } }, async (request, reply) => {
    const garantiaId = await garantiaOfBoleto(db, request.actor, request.params.id);
    await prepareGarantiaForPrint(db, request.actor, garantiaId, request.params.id);
    return streamPdf(reply, 'Boleto', `boleto-${request.params.id}.pdf`, async (doc) => {
      for await (const slip of slipsOf(db, garantiaId, request.params.id)) writeBoletoPage(doc, slip);
    });
  });

  app.get(
    '/api/boleto/getCarneBoleto/:id/:via',
    { schema: { tags, summary: 'Carnê da garantia (3 boletos por página)', params: idParams.extend({ via: z.coerce.number().int().min(1).max(9) }) } },
    async (request, reply) => {
      const garantiaId = request.params.id;
      await prepareGarantiaForPrint(db, request.actor, garantiaId);
      return streamPdf(reply, 'Carnê', `carne-${garantiaId}.pdf`, (doc) => writeCarne(doc, slipsOf(db, garantiaId)));
    },
  );

  app.get('/api/boleto/getDuplicataAll/:id', { schema: { tags, summary: 'Duplicatas da garantia (uma por parcela)', params: idParams } }, async (request, reply) => {
    const data = await duplicataData(db, request.actor, request.params.id);
    return streamPdf(reply, 'Duplicatas', `duplicatas-${request.params.id}.pdf`, (doc) => writeDuplicatas(doc, data));
  });

  app.get(
    '/api/boleto/getComprovante/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Comprovante público de recebimento (pelo token)',
        params: z.object({ token: z.string().max(100) }),
        querystring: z.object({ formato: z.enum(['html', 'pdf']).optional() }),
      },
    },
    async (request, reply) => {
      const data = await comprovanteData(db, request.params.token);
      if (request.query.formato === 'pdf') return streamPdf(reply, 'Comprovante', 'comprovante.pdf', (doc) => writeComprovante(doc, data));
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'self'")
        .header('x-robots-tag', 'noindex')
        .send(comprovanteHtml(data, `?formato=pdf`));
    },
  );

  const action = (path: string, summary: string, admin: boolean, run: (id: number, actor: Actor, motivo: string | null) => Promise<unknown>, msg: string) =>
    app.post(
      path,
      { config: admin ? { access: 'admin' } : {}, schema: { tags, summary, params: idParams, body: motivoBody } },
      async (request) => ({ status: 200, msg, data: await run(request.params.id, request.actor, request.body?.motivo ?? null) }),
    );
  action('/api/boleto/quitar/:id', 'Quitar (garantia honrada)', true, (id, a, m) => quitarBoleto(db, a, id, m), 'Boleto quitado com sucesso!');
  action('/api/boleto/cancelar/:id', 'Cancelar boleto', true, (id, a, m) => cancelarBoleto(db, a, id, m), 'Boleto cancelado com sucesso!');
  action('/api/boleto/marcarQuitado/:id', 'Marcar como quitado (BAIXADO (REMOVIDO))', true, (id, a, m) => marcarQuitadoBoleto(db, a, id, m), 'Boleto marcado como quitado!');
  action('/api/boleto/baixar/:id', 'Baixar (recebido pela loja) e emitir comprovante', false, (id, a, m) => baixarBoleto(db, a, id, m), 'Boleto baixado com sucesso!');
}
