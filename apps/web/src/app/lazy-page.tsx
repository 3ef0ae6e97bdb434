import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take any props
type AnyPage = ComponentType<any>;
/** Set while a failed chunk load has already reloaded the page once. */
const RELOADED = 'bg.chunk-reload';

/**
 * A route's page as its own chunk: `page(() => import('../features/x/routes/XPage'), 'XPage')`
 * loads the module (named export) the first time the route renders. Render it inside
 * <PageSuspense> (router.tsx does) so the layout stays while the chunk arrives.
 */
export function page<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K] & AnyPage> {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOADED);
      return { default: module[name] as M[K] & AnyPage };
    } catch (err) {
      // a tab opened before a deploy asks for chunks the new build no longer has: load the new
      // build once (a second failure in a row is a real error and shows as one)
      if (!sessionStorage.getItem(RELOADED)) {
        sessionStorage.setItem(RELOADED, '1');
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      throw err;
    }
  });
}

/** What shows while a page's chunk loads: a spinner where the page will be. */
export function PageSuspense({ children, fullScreen = false }: { children: ReactNode; fullScreen?: boolean }) {
  return (
    <Suspense
      fallback={
        <Center h={fullScreen ? '100vh' : 240}>
          <Loader aria-label="Carregando" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
