/**
 * An OAuth2 client-credentials token kept until shortly before it expires (banks limit token
 * requests: Caixa one a minute; BB asks clients to reuse the token for its lifetime). Concurrent
 * callers share one request in flight. `invalidate` drops a token the bank refused (401).
 */
export type TokenCache = { get(): Promise<string>; invalidate(token: string): void };

export type IssuedToken = { accessToken: string; expiresInSeconds: number };

export function createTokenCache(fetchToken: () => Promise<IssuedToken>, now: () => number = Date.now, marginSeconds = 60): TokenCache {
  let current: { token: string; until: number } | null = null;
  let inFlight: Promise<string> | null = null;
  return {
    async get() {
      if (current && now() < current.until) return current.token;
      inFlight ??= fetchToken()
        .then((t) => {
          const life = Math.max(1, t.expiresInSeconds - marginSeconds);
          current = { token: t.accessToken, until: now() + life * 1000 };
          return t.accessToken;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    invalidate(token) {
      if (current?.token === token) current = null;
    },
  };
}
