import Fastify, { type FastifyInstance } from 'fastify';
import { buildCaixaTokenForm, CAIXA_TOKEN_PATH, parseCaixaToken, stringifyCaixaJson, type CaixaTituloInput } from '@bg/domain';
import { caixaSandboxPlugin, CaixaSandboxState, type CaixaSandboxOptions } from '../../src/bank-sandbox/caixa/caixa-sandbox.js';

/**
 * The Caixa sandbox on a real port with a clock the test moves, and a small client that speaks
 * to it as our HTTP client will: the token form, the `apikey` header, bodies through
 * stringifyCaixaJson and answers read as text.
 */
export type CaixaTestServer = {
  app: FastifyInstance;
  state: CaixaSandboxState;
  /** http://127.0.0.1:port/caixa */
  base: string;
  apiBase: string;
  advance(ms: number): void;
  now(): Date;
  token(credentials?: { clientId?: string; clientSecret?: string; apiKey?: string }): Promise<string>;
  call(method: string, path: string, options?: { body?: unknown; token?: string; apiKey?: string | null; raw?: string }): Promise<{ status: number; text: string; headers: Headers }>;
  close(): Promise<void>;
};

export const CLIENT = { clientId: 'cli-ext-00360305000104-1', clientSecret: 'segredo-sandbox', apiKey: 'l7chave-sandbox' };

export async function startCaixaSandbox(options: Omit<CaixaSandboxOptions, 'state'> = {}): Promise<CaixaTestServer> {
  let nowMs = Date.parse('2026-11-27T15:00:00Z');
  const state = new CaixaSandboxState();
  const app = Fastify();
  await app.register(caixaSandboxPlugin, { prefix: '/caixa', state, now: () => new Date(nowMs), ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}/caixa`;
  let cachedToken: string | null = null;

  const server: CaixaTestServer = {
    app,
    state,
    base,
    apiBase: `${base}/cobranca-bancaria`,
    advance: (ms) => {
      nowMs += ms;
    },
    now: () => new Date(nowMs),
    async token(credentials = {}) {
      const response = await fetch(`${base}${CAIXA_TOKEN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', apikey: credentials.apiKey ?? CLIENT.apiKey },
        body: buildCaixaTokenForm({ clientId: credentials.clientId ?? CLIENT.clientId, clientSecret: credentials.clientSecret ?? CLIENT.clientSecret }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`token ${response.status}: ${text}`);
      return parseCaixaToken(text).accessToken;
    },
    async call(method, path, options = {}) {
      const token = options.token ?? (cachedToken ??= await server.token());
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (options.apiKey !== null) headers.apikey = options.apiKey ?? CLIENT.apiKey;
      let body: string | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) body = stringifyCaixaJson(options.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${server.apiBase}${path}`, { method, headers, body });
      return { status: response.status, text: await response.text(), headers: response.headers };
    },
    close: () => app.close(),
  };
  return server;
}

/** A title of ours, as the lead's adapter will describe it. */
export function tituloCaixa(change: Partial<CaixaTituloInput> = {}): CaixaTituloInput {
  return {
    codigoBeneficiario: '1100000',
    beneficiarioDocumento: '00360305000104',
    nossoNumero: 42,
    dataEmissao: '2026-11-27',
    dataVencimento: '2026-12-27',
    valorCents: 15_000,
    seuNumero: '21-3/1',
    pagador: {
      documento: '52998224725',
      nome: 'Maria da Conceição',
      endereco: 'Rua das Flores, 123',
      cep: '01310100',
      cidade: 'São Paulo',
      bairro: 'Bela Vista',
      uf: 'SP',
    },
    multaBps: 200,
    pix: false,
    ...change,
  };
}
