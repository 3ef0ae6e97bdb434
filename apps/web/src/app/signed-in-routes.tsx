import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { NIVEL } from '@bg/domain';
import { useAuth } from '../lib/auth';
import { MSG_NO_PERMISSION, routeAllowed } from '../lib/permissions';
import { AppLayout } from './layout/AppLayout';
import { appRoutes, TWO_FACTOR_PAGE, type AppRoute } from './route-table';
import { PageSuspense } from './lazy-page';
import { APP_NAME } from './app-name';
import { NotFoundPage } from '../features/not-found/routes/NotFoundPage';
import { ForbiddenPage } from '../features/not-found/routes/ForbiddenPage';

/**
 * Everything behind the login: session guard, layout, the route table and the not-found page. One
 * lazy chunk (router.tsx), so /login downloads none of it; each page is its own chunk on top.
 */

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
    // after Sair the next login starts on Início, whoever logs in; otherwise return to the route
    if (state.loggedOut) return <Navigate to="/login" replace />;
    const redirect = location.pathname + location.search;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <>{children}</>;
}

/** Role and permission guard and page title of one route. */
function RoutePage({ route }: { route: AppRoute }) {
  const { state } = useAuth();
  useEffect(() => {
    document.title = `${route.title} | ${APP_NAME}`;
  }, [route.title]);
  // REQUIRE_ADMIN_2FA: until it is set up, the API answers nothing else (docs/decisions/095)
  if (state.user?.dois_fatores.configuracao_obrigatoria && route.path !== TWO_FACTOR_PAGE) return <Navigate to={TWO_FACTOR_PAGE} replace />;
  const content =
    route.access === 'admin' && state.user?.nivel !== NIVEL.ADMINISTRADOR ? (
      <ForbiddenPage />
    ) : state.user && !routeAllowed(route.path, state.user) ? (
      <ForbiddenPage text={MSG_NO_PERMISSION} />
    ) : (
      route.element
    );
  // keyed by route: the spinner shows in the page area while this route's chunk loads
  return <PageSuspense key={route.path}>{content}</PageSuspense>;
}

const routes = [
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
];

export function SignedInRoutes() {
  return useRoutes(routes);
}
