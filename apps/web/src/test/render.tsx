import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Collapse, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from '../app/theme';

/**
 * The app's theme without Collapse's height transition: jsdom fires no `transitionend`, so an
 * opened Collapse would stay `display: none` forever (Mantine 9 waits for the transition).
 */
const testTheme = mergeThemeOverrides(theme, { components: { Collapse: Collapse.extend({ defaultProps: { transitionDuration: 0 } }) } });

/** Renders a component inside the same providers as the app (router in memory). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineProvider theme={testTheme} env="test">
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
  return render(ui, { wrapper: Wrapper });
}
