import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NIVEL, sessionContracts, twoFactorContracts, type ContractResult } from '@bg/domain';
import { refreshAccessToken, setAccessToken, setSessionExpiredHandler } from './api-client';
import { call } from './api-contract';

/** The logged-in user, as GET /api/usuario/getUserCurrent answers it. */
export type CurrentUser = ContractResult<typeof sessionContracts.getUserCurrent>['data'];

type AuthState =
  | { status: 'loading'; user: null }
  /**
   * expired: the session died (401 after a failed refresh): the login returns to the route.
   * loggedOut: the user pressed Sair: the next login starts afresh (never on the previous page).
   */
  | { status: 'anonymous'; user: null; expired?: boolean; loggedOut?: boolean }
  | { status: 'authenticated'; user: CurrentUser };

/** The password step's outcome: a session, or a two-factor challenge for completeLogin. */
export type LoginResult = { requires2fa: false } | { requires2fa: true; challenge: string };

type AuthContextValue = {
  state: AuthState;
  login(username: string, password: string): Promise<LoginResult>;
  /** Second step of a two-factor login: the challenge from login() and the code (docs/decisions/095). */
  completeLogin(challenge: string, code: string): Promise<void>;
  logout(): Promise<void>;
  reloadUser(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

// Not a secret: only says "this browser had a session", so a first visit to /login does not
// fire a refresh that can only fail (the refresh cookie itself is HttpOnly and unreadable here).
const SESSION_HINT = 'bg.session';
const hint = {
  get: () => { try { return localStorage.getItem(SESSION_HINT) === '1'; } catch { return true; } },
  set: (on: boolean) => { try { if (on) localStorage.setItem(SESSION_HINT, '1'); else localStorage.removeItem(SESSION_HINT); } catch { /* private mode */ } },
};

async function fetchCurrentUser(): Promise<CurrentUser> {
  const body = await call(sessionContracts.getUserCurrent);
  return body.data;
}

/**
 * Session state of the app. On start it tries the refresh cookie, so a reload keeps the user
 * logged in although the access token lives only in memory.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });
  const queryClient = useQueryClient();

  const reset = useCallback(
    (why: 'expired' | 'loggedOut' | 'failed') => {
      setAccessToken(null);
      hint.set(false);
      queryClient.clear();
      setState({ status: 'anonymous', user: null, expired: why === 'expired', loggedOut: why === 'loggedOut' });
    },
    [queryClient],
  );

  useEffect(() => {
    setSessionExpiredHandler(() => reset('expired'));
    let cancelled = false;
    (async () => {
      const ok = hint.get() && (await refreshAccessToken());
      if (cancelled) return;
      if (!ok) {
        hint.set(false);
        return setState({ status: 'anonymous', user: null });
      }
      try {
        const user = await fetchCurrentUser();
        if (!cancelled) setState({ status: 'authenticated', user });
      } catch {
        if (!cancelled) reset('failed');
      }
    })();
    return () => {
      cancelled = true;
      setSessionExpiredHandler(null);
    };
  }, [reset]);

  const value = useMemo<AuthContextValue>(() => {
    const start = async (body: { access_token?: string; expires_in?: number }) => {
      setAccessToken(body.access_token ?? null, body.expires_in);
      hint.set(true);
      setState({ status: 'authenticated', user: await fetchCurrentUser() });
    };
    return {
      state,
      async login(username, password) {
        const body = await call(sessionContracts.login, { body: { username, password } });
        if (body.requires_2fa && body.challenge) return { requires2fa: true, challenge: body.challenge };
        await start(body);
        return { requires2fa: false };
      },
      async completeLogin(challenge, code) {
        await start(await call(twoFactorContracts.login2fa, { body: { challenge, code } }));
      },
      async logout() {
        try {
          await call(sessionContracts.logout);
        } catch {
          // the session is ended locally whatever the server says
        }
        reset('loggedOut');
      },
      async reloadUser() {
        setState({ status: 'authenticated', user: await fetchCurrentUser() });
      },
    };
  }, [state, reset]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** The logged-in user; only for components rendered inside the protected layout. */
export function useCurrentUser(): CurrentUser {
  const { state } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useCurrentUser without a session');
  return state.user;
}

export const isAdmin = (user: Pick<CurrentUser, 'nivel'>) => user.nivel === NIVEL.ADMINISTRADOR;
