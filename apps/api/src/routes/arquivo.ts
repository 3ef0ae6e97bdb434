import type { FastifyInstance } from 'fastify';
import { arquivoContracts as c } from '@bg/domain';
import { AppError, notFound } from '../errors/app-error.js';
import { fileRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { getStoredFile } from '../modules/files/get-stored-file.js';

/** Serves a stored file to whoever holds an unexpired signed link (modules/files/signed-link.ts). */
export async function arquivoRoutes(app: FastifyInstance, ctx: AppContext) {
  fileRoute(app, c.getArquivo, async (request, reply) => {
    const { id } = request.params;
    if (!ctx.fileLinks.verify(id, request.query.exp, request.query.sig)) {
      throw new AppError('FORBIDDEN', 'Link expirado ou inválido. Abra o arquivo novamente pela tela.');
    }
    const file = await getStoredFile(ctx.database.db, id);
    if (!file || !(await ctx.storage.exists(file.storage_key))) throw notFound('Arquivo');
    const disposition = request.query.download ? 'attachment' : 'inline';
    const safeName = file.original_name.replace(/[^\w.\- ]/g, '_');
    return reply
      .header('content-type', file.content_type)
      .header('content-length', String(file.size_bytes))
      .header('content-disposition', `${disposition}; filename="${safeName}"`)
      .header('cache-control', 'private, max-age=300')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(ctx.storage.read(file.storage_key));
  });
}
