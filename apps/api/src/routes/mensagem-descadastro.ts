import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { mensagemDescadastroContracts as c } from '@bg/domain';
import { fileRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { descadastrarPorLink, mensagemDoToken } from '../modules/mensagem/descadastro.js';
import { DESCADASTRO_CSP, DESCADASTRO_TEXTO, paginaConfirmacao, paginaResultado } from '../modules/mensagem/pagina-descadastro.js';

/**
 * A browser (the e-mail's link, the page's button) asks for HTML and gets the page, the refusal
 * included; any other client (a mail provider's one-click POST, a script) gets the API's own
 * `{ status, msg }` error like every other route, so nothing but a person's browser sees HTML errors.
 */
const querPagina = (request: FastifyRequest) => /text\/html/i.test(String(request.headers.accept ?? ''));
const linkInvalido = () => new AppError('NOT_FOUND', DESCADASTRO_TEXTO.invalido);

/**
 * The e-mails' descadastro (docs/messaging.md "Descadastro"): public, the signed token is the
 * credential. GET shows the confirmation (or the refusal of a bad link, 404); POST — the page's
 * button or a mail client's RFC 8058 one-click, whose body (`List-Unsubscribe=One-Click`, form or
 * multipart) carries nothing we need — records the opt-out once and answers the outcome.
 */
export async function mensagemDescadastroRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  await app.register(async (scope) => {
    // the one-click POST's body is read and dropped: the signed address says everything
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, null));

    fileRoute(scope, c.pagina, async (request, reply) => {
      const valido = mensagemDoToken(ctx.fileLinks, request.params.token) !== null;
      if (!valido && !querPagina(request)) throw linkInvalido();
      const html = valido ? paginaConfirmacao(`/api/mensagem/descadastro/${request.params.token}`) : paginaResultado('invalido');
      return reply.code(valido ? 200 : 404).header('content-security-policy', DESCADASTRO_CSP).type('text/html; charset=utf-8').send(html);
    });

    fileRoute(scope, c.confirmar, async (request, reply) => {
      const resultado = await descadastrarPorLink(db, ctx.fileLinks, request.params.token);
      if (resultado === 'invalido') request.log.warn({ ip: request.ip }, 'descadastro: link inválido ou expirado');
      if (resultado === 'invalido' && !querPagina(request)) throw linkInvalido();
      return reply.code(resultado === 'invalido' ? 404 : 200).header('content-security-policy', DESCADASTRO_CSP).type('text/html; charset=utf-8').send(paginaResultado(resultado));
    });
  });
}
