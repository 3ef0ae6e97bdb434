/**
 * The one HTTP client of the web app (HOUSE-STYLE habit 3). The access token lives only in memory;
 * the refresh token is an HttpOnly cookie the browser sends to /api. On a 401 the client refreshes
 * once — concurrent requests wait for that single refresh and are replayed — and if the session is
 * dead the session-expired handler logs the user out (remembering the route). A refresh that lost a
 * race with another tab (409) is retried; a server out of reach is an error, not a logout.
 */
import { MSG, sessionContracts, twoFactorContracts, type ContractResult } from '@bg/domain';

export type ApiBody = { status: number; msg: string; errors?: Record<string, string>; [key: string]: unknown };

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiBody;
  constructor(status: number, body: ApiBody) {
    super(body.msg || 'Ops! Ocorreu um erro.');
    this.status = status;
    this.body = body;
  }
  get errors(): Record<string, string> {
    return this.body.errors ?? {};
  }
}

let accessToken: string | null = null;
/** When this tab should renew the token before using it (its own clock, so server skew is harmless). */
let renewAt: number | null = null;
let onSessionExpired: (() => void) | null = null;

/**
 * Keeps the access token; with its lifetime (`expires_in`), requests made after it lapses refresh
 * first instead of being sent, refused and sent again (which matters for a 50 MB upload).
 */
export function setAccessToken(token: string | null, expiresInSeconds?: number): void {
  accessToken = token;
  // renew a little early: 5 s, or a fifth of a short lifetime
  renewAt = token && expiresInSeconds ? Date.now() + expiresInSeconds * 1000 - Math.min(5000, expiresInSeconds * 200) : null;
}
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  onSessionExpired = handler;
}

/** How a refresh ended: a new token, a dead session, or no answer (the network failed). */
type RefreshOutcome = 'ok' | 'expired' | 'offline';
let refreshing: Promise<RefreshOutcome> | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The session's own endpoints: never refreshed and replayed on a 401 (that is their answer). */
const SESSION_PATHS: readonly string[] = [sessionContracts.login.path, twoFactorContracts.login2fa.path, sessionContracts.refresh.path];

async function postRefresh(): Promise<RefreshOutcome> {
  // 409 = another tab rotated the cookie a moment ago; the browser now holds the newer one
  for (let attempt = 0; attempt < 3; attempt++) {
    let res: Response;
    try {
      // a raw fetch: this is the transport itself (no token, no refresh-on-401 loop)
      res = await fetch(sessionContracts.refresh.path, { method: sessionContracts.refresh.method, credentials: 'same-origin' });
    } catch {
      return 'offline';
    }
    if (res.status === 409) {
      await sleep(150 * (attempt + 1));
      continue;
    }
    if (!res.ok) return 'expired';
    const body = (await res.json().catch(() => ({}))) as Partial<ContractResult<typeof sessionContracts.refresh>>;
    setAccessToken(body.access_token ?? null, body.expires_in);
    return accessToken !== null ? 'ok' : 'expired';
  }
  return 'expired';
}

/** Asks for a new access token with the refresh cookie; one request at a time per tab. */
function refreshOnce(): Promise<RefreshOutcome> {
  refreshing ??= postRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Restores or renews the session from the refresh cookie; true when a new access token came. */
export async function refreshAccessToken(): Promise<boolean> {
  return (await refreshOnce()) === 'ok';
}

/** A network failure is not a logout: the user keeps the session and sees the failure message. */
export class OfflineError extends Error {
  constructor() {
    super('Falha de comunicação com o servidor.');
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** FormData for uploads. */
  form?: FormData;
  signal?: AbortSignal;
};

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(buildUrl(path, opts.query), { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal: opts.signal, credentials: 'same-origin' });
}

async function parse(res: Response): Promise<ApiBody> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await res.json()) as ApiBody;
  return { status: res.status, msg: res.ok ? 'ok' : 'Ops! Ocorreu um erro.' };
}

/**
 * Sends a request; on a 401 refreshes the token once (shared by concurrent requests) and replays.
 * A dead session calls the session-expired handler; an unreachable server only throws.
 */
async function sendWithRefresh(path: string, opts: RequestOptions): Promise<Response> {
  const isSession = SESSION_PATHS.includes(path);
  if (!isSession && accessToken !== null && renewAt !== null && Date.now() >= renewAt) {
    await settle(await refreshOnce(), null);
  }
  const tokenUsed = accessToken;
  const res = await send(path, opts);
  if (res.status !== 401 || accessToken === null || isSession) return res;
  // a refresh that finished while this request was in flight already gave a new token: replay
  await settle(accessToken !== tokenUsed ? 'ok' : await refreshOnce(), res);
  return send(path, opts);
}

/** Acts on a refresh outcome: nothing when renewed; a dead session logs out; offline throws. */
async function settle(outcome: RefreshOutcome, refused: Response | null): Promise<void> {
  if (outcome === 'ok') return;
  if (outcome === 'offline') throw new OfflineError();
  setAccessToken(null);
  onSessionExpired?.();
  throw new ApiError(401, refused ? await parse(refused) : { status: 401, msg: MSG.sessionExpired });
}

/** Sends a request and answers the JSON body; throws ApiError for any non-2xx answer. */
export async function api<T = ApiBody>(path: string, opts: RequestOptions = {}): Promise<T & ApiBody> {
  const res = await sendWithRefresh(path, opts);
  const body = await parse(res);
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T & ApiBody;
}

/**
 * Sends a request whose answer is a file (PDF, CSV, a JSON attachment), with the same auth and
 * refresh rules, and answers the file; throws ApiError for any non-2xx answer (its JSON msg).
 */
export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  const res = await sendWithRefresh(path, opts);
  if (!res.ok) throw new ApiError(res.status, await parse(res));
  return res.blob();
}

/** The message to show for any thrown error (network failures included). */
export function errorMessage(err: unknown, fallback = 'Ops! Ocorreu um erro.'): string {
  if (err instanceof ApiError) return err.body.msg || fallback;
  return fallback;
}

/**
 * The same session rules for a transport other than fetch (lib/upload-progress.ts sends with
 * XMLHttpRequest, which reports upload progress): a lapsed token is renewed before sending, and a
 * 401 refreshes once (shared with concurrent requests) and sends again; a dead session logs out.
 * `send` gets the Authorization header value (null without a session) and answers the HTTP status
 * with whatever else it needs.
 */
export async function withSession<T extends { status: number }>(send: (authorization: string | null) => Promise<T>): Promise<T> {
  const header = () => (accessToken ? `Bearer ${accessToken}` : null);
  if (accessToken !== null && renewAt !== null && Date.now() >= renewAt) await settle(await refreshOnce(), null);
  const tokenUsed = accessToken;
  const first = await send(header());
  if (first.status !== 401 || accessToken === null) return first;
  await settle(accessToken !== tokenUsed ? 'ok' : await refreshOnce(), null);
  return send(header());
}
