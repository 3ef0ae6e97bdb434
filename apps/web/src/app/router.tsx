import { useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useAuth } from '../lib/auth';
import { AppLayout } from './layout/AppLayout';
import { appRoutes, type AppRoute } from './route-table';
import { LoginPage } from '../features/session/routes/LoginPage';
import { NotFoundPage } from '../features/not-found/routes/NotFoundPage';
import { ForbiddenPage } from '../features/not-found/routes/ForbiddenPage';

export const APP_NAME = 'Boleto Garantido';

/** Sends anonymous visitors to /login, remembering where they wanted to go. */
function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') {
    return (
      <Center h="100vh">
        <Loader aria-label="Carregando" />
      </Center>
    );
  }
  if (state.status === 'anonymous') {
    const redirect = location.pathname + location.search;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <>{children}</>;
}

/** Role guard and page title of one route. */
function RoutePage({ route }: { route: AppRoute }) {
  const { state } = useAuth();
  useEffect(() => {
    document.title = `${route.title} | ${APP_NAME}`;
  }, [route.title]);
  if (route.access === 'admin' && state.user?.nivel !== '2') return <ForbiddenPage />;
  return <>{route.element}</>;
}

export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...appRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
