import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/session/routes/LoginPage';
import { page, PageSuspense } from './lazy-page';

/**
 * The app's routes (history mode). Only what /login needs is in the first download: the login page
 * itself is in the entry chunk, so the first render on /login draws it at once over the static copy
 * that login.html painted (decision 096) instead of a spinner; the signing page and everything
 * behind the session (guard, layout, route table, pages) is fetched lazily (signed-in-routes.tsx,
 * route-table.tsx; docs/decisions/009-production-build-and-startup.md).
 * Declarative routing: the app uses no loaders or actions, and the data router would add about
 * 16 KB gzip to every page, /login included.
 */
const AssinaturaPage = page(() => import('../features/assinatura/routes/AssinaturaPage'), 'AssinaturaPage');
const PagadorPage = page(() => import('../features/pagador/routes/PagadorPage'), 'PagadorPage');
const SignedInRoutes = page(() => import('./signed-in-routes'), 'SignedInRoutes');

const routes: RouteObject[] = [
  { path: '/login', element: <PageSuspense fullScreen><LoginPage /></PageSuspense> },
  // the customer's signing page: public, outside the logged-in layout (docs/assinatura.md)
  { path: '/assinatura/:token', element: <PageSuspense fullScreen><AssinaturaPage /></PageSuspense> },
  // the payer's page: public, outside the logged-in layout (docs/messaging.md "Página do pagador")
  { path: '/pagar', element: <PageSuspense fullScreen><PagadorPage /></PageSuspense> },
  { path: '/pagar/:codigo', element: <PageSuspense fullScreen><PagadorPage /></PageSuspense> },
  { path: '*', element: <PageSuspense fullScreen><SignedInRoutes /></PageSuspense> },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
