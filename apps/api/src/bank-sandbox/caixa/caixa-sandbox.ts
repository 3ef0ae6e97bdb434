import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CAIXA_LIMITS, CAIXA_TOKEN_PATH, parseCaixaJson } from '@bg/domain';
import { checkGateway, issueToken, type CaixaSandboxAuthOptions, type CaixaSandboxCredential } from './caixa-sandbox-auth.js';
import { alterar, baixar, checkPath, consultar, registrar, type CaixaOperationContext } from './caixa-sandbox-boletos.js';
import { registerCaixaSandboxControls } from './caixa-sandbox-controls.js';
import { caixaReply, integracao, withFault, type CaixaAnswer } from './caixa-sandbox-replies.js';
import { acceptFormBodies } from '../form-body.js';
import { HangingRequests } from '../hanging-requests.js';
import { CaixaSandboxState, type CaixaSandboxBoleto, type CaixaSandboxRota } from './caixa-sandbox-state.js';

/**
 * Caixa's boleto API served locally, mounted under /caixa (docs/banks.md "## Caixa"): the SSO
 * token endpoint at its own path (…/auth/realms/internet/protocol/openid-connect/token) and the
 * operations under /cobranca-bancaria, as the Swagger 3.2.0 lays them out — so our client, given
 * `<sandbox>/caixa/cobranca-bancaria` and `<sandbox>/caixa<token path>`, cannot tell it from Caixa.
 */

export type CaixaSandboxOptions = {
  now?: () => Date;
  /** Accepted credentials; default: any non-empty client id, secret and API key. */
  credentials?: readonly CaixaSandboxCredential[];
  /** Token lifetime (Caixa: 900 s). */
  tokenTtlSeconds?: number;
  /** Caixa's SSO: one token request per minute per client. 0 turns the rule off. */
  tokenMinIntervalMs?: number;
  /** Caixa's API: 5 requests per second per API key. null turns the rule off. */
  requestsPerSecond?: number | null;
  /** Shared with the caller (a test or the standalone script) to look inside; a fresh one by default. */
  state?: CaixaSandboxState;
  /** Where the titles survive a restart (the sandbox frame's state file, section "caixa"). */
  stateFile?: { read(section: string): unknown; write(section: string, value: unknown): void } | null;
};

type SavedState = { boletos: CaixaSandboxBoleto[]; proximoSequencial: number };

function restore(state: CaixaSandboxState, saved: unknown): void {
  const s = saved as Partial<SavedState> | undefined;
  if (!s || !Array.isArray(s.boletos)) return;
  for (const b of s.boletos) state.boletos.set(CaixaSandboxState.key(b.beneficiario, b.nossoNumero), b);
  if (typeof s.proximoSequencial === 'number') state.proximoSequencial = s.proximoSequencial;
}

const API = '/cobranca-bancaria';

type BoletoParams = { id: string; nn: string };

/** What the JSON parser hands on for a body that is not JSON (compared by identity). */
const MALFORMED = Object.freeze({ malformed: true });

function baseUrlOf(request: FastifyRequest, prefix: string): string {
  return `${request.protocol}://${request.host}${prefix}`;
}

export const caixaSandboxPlugin: FastifyPluginAsync<CaixaSandboxOptions> = async (app: FastifyInstance, options) => {
  const state = options.state ?? new CaixaSandboxState();
  const now = options.now ?? (() => new Date());
  const auth: CaixaSandboxAuthOptions = {
    credentials: options.credentials ?? null,
    nowMs: () => now().getTime(),
    tokenTtlSeconds: options.tokenTtlSeconds ?? CAIXA_LIMITS.validadeTokenSegundos,
    tokenMinIntervalMs: options.tokenMinIntervalMs ?? CAIXA_LIMITS.intervaloTokenMs,
    requestsPerSecond: options.requestsPerSecond === undefined ? CAIXA_LIMITS.requisicoesPorSegundo : options.requestsPerSecond,
  };

  const hanging = new HangingRequests();
  app.addHook('preClose', async () => hanging.releaseAll());

  const stateFile = options.stateFile ?? null;
  if (stateFile) {
    restore(state, stateFile.read('caixa'));
    // Every change comes from a request other than a GET: save after those.
    app.addHook('onResponse', async (request) => {
      if (request.method === 'GET') return;
      const saved: SavedState = { boletos: [...state.boletos.values()], proximoSequencial: state.proximoSequencial };
      stateFile.write('caixa', saved);
    });
  }

  // Bodies are read losslessly (the int64 nosso número); a malformed one is Caixa's BK076, as
  // the gateway answers it. Encapsulated: only this plugin's routes parse this way.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    try {
      done(null, text.trim() === '' ? {} : parseCaixaJson(text));
    } catch {
      done(null, MALFORMED);
    }
  });
  acceptFormBodies(app);

  const bk076: CaixaAnswer = integracao(400, { codigo: 'BK076', mensagem: '(BK76) ERRO NA FORMATACAO DA MENSAGEM.' });

  app.post(CAIXA_TOKEN_PATH, async (request, reply) =>
    withFault(state.takeFalha('token'), reply, hanging, () => issueToken(state, auth, request)),
  );

  /** Gateway checks, path checks, fault, then the operation. */
  function operation(rota: CaixaSandboxRota, run: (ctx: CaixaOperationContext, request: FastifyRequest<{ Params: BoletoParams }>) => CaixaAnswer) {
    return async (request: FastifyRequest<{ Params: BoletoParams }>, reply: Parameters<typeof caixaReply>[0]) => {
      if (!checkGateway(state, auth, request, reply)) return reply;
      const pathError = checkPath(request.params.id, request.params.nn);
      if (pathError) return caixaReply(reply, pathError);
      if (request.body === MALFORMED) return caixaReply(reply, bk076);
      const ctx: CaixaOperationContext = { state, now, baseUrl: baseUrlOf(request, app.prefix) };
      return withFault(state.takeFalha(rota), reply, hanging, () => run(ctx, request));
    };
  }

  app.post<{ Params: BoletoParams }>(
    `${API}/v4/beneficiarios/:id/boletos`,
    operation('registrar', (ctx, r) => registrar(ctx, r.params.id, r.body)),
  );
  app.get<{ Params: BoletoParams }>(
    `${API}/v4/beneficiarios/:id/boletos/:nn`,
    operation('consultar', (ctx, r) => consultar(ctx, r.params.id, r.params.nn)),
  );
  app.put<{ Params: BoletoParams }>(
    `${API}/v4/beneficiarios/:id/boletos/:nn`,
    operation('alterar', (ctx, r) => alterar(ctx, r.params.id, r.params.nn, r.body)),
  );
  app.post<{ Params: BoletoParams }>(
    `${API}/v2/beneficiarios/:id/boletos/:nn/baixar`,
    operation('baixar', (ctx, r) => baixar(ctx, r.params.id, r.params.nn)),
  );

  registerCaixaSandboxControls(app, state, now);
};

export { CaixaSandboxState };

type SandboxFrameDeps = {
  options: { now: () => Date; credentials?: { clientId: string; clientSecret: string; appKey: string }[] };
  stateFile: CaixaSandboxOptions['stateFile'];
};

/**
 * Caixa in the sandbox frame (build-bank-sandbox.ts SANDBOX_BANKS): the frame's clock, its
 * credentials (its appKey is Caixa's apikey) and its state file. Caixa's own token lifetime and
 * throttle stay: they are the contract, not a setting.
 */
export async function caixaSandbox(app: FastifyInstance, deps: SandboxFrameDeps): Promise<void> {
  await caixaSandboxPlugin(app, {
    now: deps.options.now,
    credentials: deps.options.credentials?.map((c) => ({ clientId: c.clientId, clientSecret: c.clientSecret, apiKey: c.appKey })),
    stateFile: deps.stateFile,
  });
}
