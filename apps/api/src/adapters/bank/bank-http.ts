import { createHash } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import type { Agent } from 'undici';
import { BankError, type BankCall, type CallLog } from './bank-adapter.js';

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
  /** The conta's client certificate: the call goes with it (mutual TLS). */
  tls?: BankTls;
};

/**
 * A client certificate and its private key (PEM) for banks that require mutual TLS. `ca` adds an
 * authority to trust for the bank's own certificate (a homologação behind a private CA; the tests'
 * server), on top of Node's public ones — never instead of checking it.
 */
export type BankTls = { cert: string; key: string; ca?: string };
/* An empty `cert` presents no certificate: only `ca` is added (a test's private bank CA). */

/**
 * One undici Agent per certificate, kept as long as the adapter's configuration object lives (the
 * adapters are cached per conta configuration, choose-bank-adapter.ts), so its connections are reused.
 */
const agents = new WeakMap<BankTls, Agent>();
/**
 * The npm undici is loaded only for a call with a certificate: importing it installs its Agent as the
 * process's global dispatcher (undici's global.js) when none is installed yet, which Node's own fetch
 * then uses for every call — and that Agent keeps a timed-out connection open (a server closing
 * waits ~70 s for it). So Node's own dispatcher is installed first: Node's fetch installs it on its
 * first call (a data: URL, no network), and the npm undici then leaves it in place.
 */
let undiciModule: Promise<typeof import('undici')> | null = null;
function loadUndici(): Promise<typeof import('undici')> {
  undiciModule ??= fetch('data:,')
    .then((r) => r.arrayBuffer())
    .catch(() => undefined)
    .then(() => import('undici'));
  return undiciModule;
}

async function undiciFor(tls: BankTls): Promise<{ agent: Agent; fetch: typeof import('undici').fetch }> {
  const undici = await loadUndici();
  let agent = agents.get(tls);
  if (!agent) {
    agent = new undici.Agent({ connect: { ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}), ...(tls.ca ? { ca: [...rootCertificates, tls.ca] } : {}) } });
    agents.set(tls, agent);
  }
  return { agent, fetch: undici.fetch };
}

/** Thrown when no HTTP answer came (timeout, refused connection, DNS…): the caller treats it as INDISPONIVEL. */
export class BankNetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
    /** The TLS handshake failed: the bank refused our client certificate (or wants one we did not send). */
    readonly tlsRefused = false,
  ) {
    super(message);
    this.name = 'BankNetworkError';
  }
}

/**
 * A network failure as the port's error: a refused TLS handshake is the conta's certificate
 * (CREDENCIAIS: the admin must act); anything else INDISPONIVEL (the job tries again later).
 */
export function bankErrorOfNetwork(e: BankNetworkError, banco: string): BankError {
  if (e.tlsRefused) return new BankError('CREDENCIAIS', null, [{ codigo: 'TLS', mensagem: e.message }], banco);
  return new BankError('INDISPONIVEL', null, [{ codigo: e.timedOut ? 'TIMEOUT' : 'CONEXAO', mensagem: e.message }], banco);
}

/** OpenSSL's alerts and Node's codes that mean the handshake was refused over a certificate. */
const TLS_REFUSED = /^ERR_SSL_(SSLV3_ALERT_HANDSHAKE_FAILURE|SSLV3_ALERT_BAD_CERTIFICATE|SSLV3_ALERT_CERTIFICATE_(EXPIRED|REVOKED|UNKNOWN|UNSUPPORTED)|TLSV1_ALERT_(UNKNOWN_CA|ACCESS_DENIED|DECRYPT_ERROR)|TLSV13_ALERT_CERTIFICATE_REQUIRED)$/;

/** Why the call failed, in the operator's words; `tlsRefused` when it was the TLS handshake. */
function describeNetworkError(e: unknown, url: string, tls: BankTls | undefined): { text: string; tlsRefused: boolean } {
  const withCert = Boolean(tls?.cert);
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e instanceof Error ? e : null;
  const code = (cause as { code?: unknown } | null)?.code;
  const detail = cause ? cause.message.split('\n')[0] : String(e);
  // an alert about a certificate, or a server that dropped the connection in the middle of the
  // handshake (Node: "…disconnected before secure TLS connection was established")
  if ((typeof code === 'string' && TLS_REFUSED.test(code)) || /before secure TLS connection was established/.test(detail)) {
    return { text: `o banco recusou a conexão segura (TLS mútuo) ${withCert ? 'com o certificado da conta' : 'sem certificado do cliente'}: ${withCert ? 'confira se é o certificado cadastrado no banco e se está válido' : 'envie o certificado da conta de cobrança'} (${typeof code === 'string' ? code : detail})`, tlsRefused: true };
  }
  // TLS 1.3: the server's "certificate required" alert comes after our side finished the handshake,
  // and undici reports only that the connection closed before any answer
  if (url.startsWith('https:') && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')) {
    return { text: `o banco encerrou a conexão segura antes de responder${withCert ? '' : ' — se ele exige TLS mútuo, envie o certificado da conta de cobrança'} (${detail})`, tlsRefused: false };
  }
  return { text: `falha de conexão: ${detail}`, tlsRefused: false };
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
    const init = { method: req.method, headers, body, signal: AbortSignal.timeout(req.timeoutMs) };
    // with a certificate: undici's own fetch with its Agent (dispatcher and fetch from one package,
    // whatever undici version this Node bundles in its global fetch)
    const withTls = req.tls ? await undiciFor(req.tls) : null;
    const res = withTls ? await withTls.fetch(req.url, { ...init, dispatcher: withTls.agent }) : await fetch(req.url, init);
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
    const failure = timedOut ? { text: `sem resposta em ${req.timeoutMs} ms`, tlsRefused: false } : describeNetworkError(e, req.url, req.tls);
    call.erro = failure.text.slice(0, 600);
    throw new BankNetworkError(call.erro, timedOut, failure.tlsRefused);
  } finally {
    call.latenciaMs = Math.round(performance.now() - started);
    log(call);
  }
}
