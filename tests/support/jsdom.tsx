import { render } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import type { ProductDepartmentId } from '../../domain/departments.ts';
import { DepartmentHomePage } from '../../src/features/products/components/department-home-page.tsx';

/*
 * The one helper module for component tests under jsdom (never imported by the app).
 */

/** The browser APIs jsdom lacks that Chakra's overlays (matchMedia) and the router's scroll restoration (scrollTo) call. */
export function installJsdomShims(): void {
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

/**
 * For the home page's component tests: renders a department's home
 * in a memory router inside `Providers` (the tests pass the app's, which only a test may import).
 */
export function renderDepartmentHome(
  dept: ProductDepartmentId,
  Providers: ComponentType<{ children: ReactNode }>,
): void {
  const rootRoute = createRootRoute({ component: () => <DepartmentHomePage dept={dept} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}
