import type { FastifyError, FastifyInstance } from 'fastify';
import { FaultBoard } from '../faults.js';
import { acceptFormBodies } from '../form-body.js';
import { HangingRequests } from '../hanging-requests.js';
import type { ResolvedSandboxOptions } from '../sandbox-options.js';
import type { SandboxStateFile } from '../state-file.js';
import { BB_ROTAS, type BbSandboxContext } from './bb-context.js';
import { registerBbCobrancaRoutes } from './bb-cobranca-routes.js';
import { registerBbControleRoutes } from './bb-controle-routes.js';
import { registerBbOAuth } from './bb-oauth.js';
import { BB_SANDBOX_ERRO, sendBbErros } from './bb-sandbox-errors.js';
import { BbSandboxStore } from './bb-store.js';

/**
 * Banco do Brasil as the sandbox plays it, mounted under /bb: the OAuth server (/oauth/token), API
 * Cobranças v2 (/cobrancas/v2/boletos…) and the sandbox's controls (/sandbox/…).
 */
export async function bbSandbox(app: FastifyInstance, deps: { options: ResolvedSandboxOptions; stateFile: SandboxStateFile | null }) {
  const ctx: BbSandboxContext = {
    options: deps.options,
    store: new BbSandboxStore(deps.stateFile),
    faults: new FaultBoard(BB_ROTAS),
    hanging: new HangingRequests(),
    closed: { value: false },
  };
  acceptFormBodies(app);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendBbErros(reply, status, [{ codigo: BB_SANDBOX_ERRO.CORPO_INVALIDO, mensagem: `Requisição inválida: ${error.message}` }]);
    }
    return sendBbErros(reply, 500, [{ codigo: BB_SANDBOX_ERRO.ERRO_INTERNO, mensagem: `Erro interno do sandbox: ${error.message}` }]);
  });
  app.setNotFoundHandler((request, reply) =>
    sendBbErros(reply, 404, [{ codigo: BB_SANDBOX_ERRO.NAO_ENCONTRADO, mensagem: `Recurso ${request.method} ${request.url.split('?')[0]} não existe na API do BB.` }]),
  );
  app.addHook('preClose', async () => {
    ctx.closed.value = true;
    ctx.hanging.releaseAll();
  });
  registerBbOAuth(app, ctx);
  registerBbCobrancaRoutes(app, ctx);
  registerBbControleRoutes(app, ctx);
}
