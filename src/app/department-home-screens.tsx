import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { DepartmentLayout } from '../features/department/department-layout.tsx';
import { DepartmentHomePage } from '../features/products/components/department-home-page.tsx';

/**
 * The department shell and its home (/$dept), in a chunk of their own (issue 26 item 10): a
 * tablet opening the app lands here, and the other department screens (product page, orders,
 * manage, upload, low stock: department-screens.tsx) with their forms, dialogs and zod schemas
 * are not needed before the list shows. They are fetched once the home has been shown for a
 * moment, so the next tap finds them ready. Both chunks are precached (names not `admin-`).
 */
const departmentApi = getRouteApi('/$dept');

/** After the first list, while the user reads it: long enough not to compete with the start. */
const otherScreensDelayMs = 1500;

export function DepartmentLayoutRoute() {
  useEffect(() => {
    const timer = setTimeout(() => {
      void import('./department-screens.tsx').catch(() => undefined);
    }, otherScreensDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return <DepartmentLayout dept={departmentApi.useRouteContext().dept} />;
}

export function DepartmentHomeRoute() {
  return <DepartmentHomePage dept={departmentApi.useRouteContext().dept} />;
}
