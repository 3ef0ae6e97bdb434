import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, OfflineError, setAccessToken, setSessionExpiredHandler } from './api-client';

type Handler = (url: string, init: RequestInit) => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function installFetch(handler: Handler) {
  const calls: { url: string; auth: string | null }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, auth: headers.authorization ?? null });
    return handler(url, init);
  }));
  return calls;
}

describe('api client token refresh', () => {
  beforeEach(() => setAccessToken('old'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionExpiredHandler(null);
    setAccessToken(null);
  });

  it('refreshes once for concurrent 401s and replays every queued request with the new token', async () => {
    const calls = installFetch((url, init) => {
      if (url === '/api/login/refresh') return json(200, { status: 200, access_token: 'new' });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new' ? json(200, { status: 200, msg: 'ok', url }) : json(401, { status: 401, msg: 'Sessão expirada. Entre novamente.' });
    });
    const [a, b, c] = await Promise.all([api('/api/a'), api('/api/b'), api('/api/c')]);
    expect([a.url, b.url, c.url]).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(calls.filter((c) => c.url === '/api/login/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.auth === 'Bearer new').map((c) => c.url).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
  });

  it('logs out through the session-expired handler when the refresh fails', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    installFetch((url) => (url === '/api/login/refresh' ? json(401, { status: 401, msg: 'x' }) : json(401, { status: 401, msg: 'Sessão expirada. Entre novamente.' })));
    await expect(api('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('retries the refresh when another tab rotated the cookie a moment ago (409), without logging out', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    let refreshes = 0;
    installFetch((url, init) => {
      if (url === '/api/login/refresh') return ++refreshes === 1 ? json(409, { status: 409, msg: 'A sessão acabou de ser renovada.', retry: true }) : json(200, { status: 200, access_token: 'new' });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new' ? json(200, { status: 200, msg: 'ok' }) : json(401, { status: 401, msg: 'Sessão expirada. Entre novamente.' });
    });
    await expect(api('/api/a')).resolves.toMatchObject({ msg: 'ok' });
    expect(refreshes).toBe(2);
    expect(expired).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url === '/api/login/refresh') throw new TypeError('Failed to fetch');
      return json(401, { status: 401, msg: 'Sessão expirada. Entre novamente.' });
    }));
    await expect(api('/api/a')).rejects.toBeInstanceOf(OfflineError);
    expect(expired).not.toHaveBeenCalled();
  });

  it('renews a lapsed token before sending, so an upload is not sent twice', async () => {
    setAccessToken('old', 60);
    const later = Date.now() + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const calls = installFetch((url, init) => {
      if (url === '/api/login/refresh') return json(200, { status: 200, access_token: 'new', expires_in: 60 });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new' ? json(200, { status: 200, msg: 'ok' }) : json(401, { status: 401, msg: 'Sessão expirada. Entre novamente.' });
    });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await expect(api('/api/upload', { method: 'POST', form })).resolves.toMatchObject({ msg: 'ok' });
    expect(calls).toEqual([
      { url: '/api/login/refresh', auth: null },
      { url: '/api/upload', auth: 'Bearer new' },
    ]);
    // the new token is fresh for this tab: the next request goes straight out
    await api('/api/other');
    expect(calls).toHaveLength(3);
    vi.restoreAllMocks();
  });

  it('turns error answers into ApiError with the server msg and field errors', async () => {
    installFetch(() => json(422, { status: 422, msg: 'Verifique os campos informados.', errors: { nome: 'Campo obrigatório' } }));
    const err = await api('/api/x', { method: 'POST', body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Verifique os campos informados.');
    expect(err.errors).toEqual({ nome: 'Campo obrigatório' });
  });
});
