import { render } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { DepartmentHomePage } from './department-home-page.tsx';

/**
 * For the home page's component tests (never imported by the app): renders a department's home
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
