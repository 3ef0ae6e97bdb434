import { createHash } from 'node:crypto';
import type { BankCall, CallLog } from './bank-adapter.js';

/** What came back: the status and the body (JSON when it parses, else null with the text kept). */
export type BankResponse = { status: number; json: unknown; text: string };

export type BankRequest = {
  operacao: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  /** JSON body (sent as application/json) or a form (application/x-www-form-urlencoded). */
  json?: unknown;
  /** A JSON body already written (Caixa: stringifyCaixaJson keeps the int64 nosso número that JSON.stringify refuses). */
  jsonText?: string;
  form?: Record<string, string>;
  timeoutMs: number;
  /** Values that must never reach the log (secrets, tokens, keys): replaced by "***". */
  secrets: string[];
};

/** Thrown when no HTTP answer came (timeout, refused connection, DNS…): the caller treats it as INDISPONIVEL. */
export class BankNetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'BankNetworkError';
  }
}

const MAX_LOGGED = 20_000;

export function maskSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  // bearer tokens (and the refresh token Caixa's Keycloak adds) and Basic credentials, whatever they are
  out = out.replace(/("(?:access|refresh)_token"\s*:\s*")[^"]+/g, '$1***').replace(/(client_secret=)[^&\s]+/g, '$1***');
  return out.length > MAX_LOGGED ? `${out.slice(0, MAX_LOGGED)}… (${out.length} caracteres)` : out;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * One HTTP exchange with a bank, logged whatever happens (the log receives the masked request and
 * response, the status, the latency, or the network error). Never retries: retrying is the job's
 * decision (a registration is queried before it is sent again).
 */
export async function bankRequest(req: BankRequest, log: CallLog): Promise<BankResponse> {
  const started = performance.now();
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.jsonText !== undefined) {
    headers['content-type'] = 'application/json';
    body = req.jsonText;
  } else if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  }
  const call: BankCall = {
    operacao: req.operacao,
    metodo: req.method,
    url: maskSecrets(req.url, req.secrets),
    status: null,
    requisicao: body === undefined ? null : maskSecrets(body, req.secrets),
    resposta: null,
    sha256: null,
    latenciaMs: 0,
    erro: null,
  };
  try {
    const res = await fetch(req.url, { method: req.method, headers, body, signal: AbortSignal.timeout(req.timeoutMs) });
    const text = await res.text();
    call.status = res.status;
    call.resposta = maskSecrets(text, req.secrets);
    call.sha256 = sha256Hex(text);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json, text };
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    call.erro = timedOut ? `sem resposta em ${req.timeoutMs} ms` : `falha de conexão: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`.slice(0, 600);
    throw new BankNetworkError(call.erro, timedOut);
  } finally {
    call.latenciaMs = Math.round(performance.now() - started);
    log(call);
  }
}
