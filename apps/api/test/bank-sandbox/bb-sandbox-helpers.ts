import { buildBbRegistroBody, type BbTituloInput } from '@bg/domain';
import type { AddressInfo } from 'node:net';
import { buildBankSandbox, type BankSandboxOptions } from '../../src/bank-sandbox/build-bank-sandbox.js';

/** The sandbox listening on a free port, as the real client meets it: over HTTP. */
export async function startBbSandbox(options: BankSandboxOptions = {}) {
  const app = buildBankSandbox(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}`;
  return { app, root, bb: `${root}/bb` };
}

export type Answer = { status: number; json: unknown };

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export async function requestToken(bb: string, clientId = 'cliente-teste', secret = 'segredo-teste', scope = 'cobrancas.boletos-requisicao cobrancas.boletos-info'): Promise<Answer> {
  return call(`${bb}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });
}

/** A client of API Cobranças v2 with a token: gw-dev-app-key in the query, Bearer in the header. */
export async function bbClient(bb: string, appKey = 'chave-app-teste') {
  const t = await requestToken(bb);
  const token = (t.json as { access_token: string }).access_token;
  const url = (path: string, query: Record<string, string | number> = {}) => {
    const q = new URLSearchParams({ 'gw-dev-app-key': appKey, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
    return `${bb}/cobrancas/v2${path}?${q}`;
  };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    token,
    get: (path: string, query?: Record<string, string | number>) => call(url(path, query), { headers }),
    post: (path: string, body: unknown) => call(url(path), { method: 'POST', headers, body: JSON.stringify(body) }),
    patch: (path: string, body: unknown) => call(url(path), { method: 'PATCH', headers, body: JSON.stringify(body) }),
  };
}

export const CONVENIO = '3128557';

export function titulo(sequencial: number, over: Partial<BbTituloInput> = {}): BbTituloInput {
  return {
    numeroConvenio: CONVENIO,
    numeroCarteira: '17',
    numeroVariacaoCarteira: '35',
    sequencial,
    dataEmissao: '2026-11-27',
    dataVencimento: '2026-12-10',
    valorCents: 10000,
    seuNumero: `21-3/${sequencial}`,
    pagador: { documento: '98959112000179', nome: 'LIVRARIA CUNHA DA CUNHA', endereco: 'RUA SEM NOME, 1', cep: '70675727', cidade: 'BRASILIA', bairro: 'SIA', uf: 'DF' },
    multaBps: 200,
    pix: true,
    ...over,
  };
}

export const registroBody = (sequencial: number, over: Partial<BbTituloInput> = {}) => buildBbRegistroBody(titulo(sequencial, over));

/** Polls until the condition holds (webhooks arrive in the background). */
export async function eventually<T>(probe: () => T | undefined | null, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null) return value;
    if (Date.now() > until) throw new Error('condição não atingida a tempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}
