import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { theme } from './app/theme';
import { AppRouter } from './app/router';
import { AuthProvider } from './lib/auth';

dayjs.locale('pt-br');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: (count, err) => count < 1 && !(err as { status?: number }).status, refetchOnWindowFocus: false } },
});

const rootElement = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <DatesProvider settings={{ locale: 'pt-br' }}>
          <ModalsProvider>
            <Notifications position="top-center" />
            <AuthProvider>
              <AppRouter />
            </AuthProvider>
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>
);
const root = createRoot(rootElement);
// /login arrives painted (login.html, decision 096): the first render replaces a screen that is
// already there, so it can run as a transition, in short slices that never block a slow phone
if (rootElement.hasChildNodes()) startTransition(() => root.render(app));
else root.render(app);
