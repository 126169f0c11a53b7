import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type AnyRoute,
  type AnyRouter,
} from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { I18nProvider } from '../../src/i18n/i18n.tsx';
import { currentSession } from '../../src/session/session.ts';

/*
 * The one helper module for component tests under jsdom (never imported by the app): every
 * component test renders through `renderWithProviders`.
 */

type Providers = ComponentType<{ children: ReactNode }>;

export interface RenderOptions {
  /**
   * What `ui` renders inside. By default i18n and Chakra's default system, which a test beside a
   * shared folder may use; a test in a feature or app/ passes the app's `Providers`
   * (src/app/providers.tsx: i18n, Chakra's app system once `loadChakra()` has resolved, the
   * update prompt). The helper never imports app/, so a shared folder's tests stay free of it.
   */
  providers?: Providers;
}

export interface RouterOptions extends RenderOptions {
  /** Render in a memory router opened at this address, so links and navigations work. */
  at: string;
  /** Where `ui` sits in that router: a route pattern such as '/$dept/counts/$id' (default: the root route, at every address). */
  path?: string;
  /** The router's other pages by route pattern, for where the page's links and navigations go. */
  otherRoutes?: Record<string, () => ReactNode>;
  /** A whole route tree instead (the app's, src/app/router.tsx; `ui` is then null), with the session store as its context. */
  routeTree?: AnyRoute;
}

/** Any test may render inside these (what `providers` defaults to). */
function SharedProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={defaultSystem}>
      <I18nProvider>{children}</I18nProvider>
    </ChakraProvider>
  );
}

/** The browser APIs jsdom lacks that Chakra's overlays (matchMedia) and the router's scroll restoration (scrollTo) call. */
function installJsdomShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.scrollTo = () => undefined;
}

function memoryRouter(ui: ReactNode, options: RouterOptions): AnyRouter {
  const { at, path, otherRoutes, routeTree } = options;
  const history = createMemoryHistory({ initialEntries: [at] });
  if (routeTree) {
    if (ui !== null || path !== undefined || otherRoutes) {
      throw new Error('With routeTree, the tree is the whole page: pass null, no path or routes.');
    }
    return createRouter({ routeTree, history, context: { session: currentSession } });
  }
  if (path === undefined) {
    if (otherRoutes) throw new Error('otherRoutes need the page at a path.');
    return createRouter({ routeTree: createRootRoute({ component: () => ui }), history });
  }
  const rootRoute = createRootRoute();
  const page = (routePath: string, component: () => ReactNode) =>
    createRoute({ getParentRoute: () => rootRoute, path: routePath, component });
  const routes = [
    page(path, () => ui),
    ...Object.entries(otherRoutes ?? {}).map(([routePath, component]) =>
      page(routePath, component),
    ),
  ];
  return createRouter({ routeTree: rootRoute.addChildren(routes), history });
}

/**
 * Renders `ui` inside the providers (see `RenderOptions`); with `at`, as a page of a memory
 * router, which it returns (its state is what a test reads after a navigation).
 */
export function renderWithProviders(ui: ReactNode, options?: RenderOptions): void;
export function renderWithProviders(ui: ReactNode, options: RouterOptions): AnyRouter;
export function renderWithProviders(
  ui: ReactNode,
  options: RenderOptions | RouterOptions = {},
): AnyRouter | undefined {
  installJsdomShims();
  const Wrapper = options.providers ?? SharedProviders;
  const router = 'at' in options ? memoryRouter(ui, options) : undefined;
  render(<Wrapper>{router ? <RouterProvider router={router} /> : ui}</Wrapper>);
  return router;
}
