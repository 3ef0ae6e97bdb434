import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../features/session/routes/LoginPage';
import { AuthProvider } from '../lib/auth';
import { theme } from './theme';

/**
 * The login screen as static HTML, rendered once at build time (vite-plugins/login-shell.ts) into
 * dist/login.html, which the server answers for /login. The browser paints the screen from the
 * HTML and the stylesheet alone, before any JavaScript arrives; main.tsx then renders the same
 * page over it (decision 096). Same providers as main.tsx, so the markup — Mantine's classes, its
 * CSS variables — is the one the app renders.
 */
export function renderLoginShell(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={['/login']}>
          <AuthProvider>
            <LoginPage />
          </AuthProvider>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
