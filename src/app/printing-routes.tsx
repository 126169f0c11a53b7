import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { printJobsDepartment } from '../../domain/departments.ts';
import { rootRoute } from './root-route.tsx';

// The print-job screens live in their own chunk (printing-screens.tsx), fetched when a /printing
// route first loads; the service worker precaches it, so they open offline.
const screens = () => import('./printing-screens.tsx');

/**
 * The printing department's pages (its descriptor's `pages`: 'print-jobs'), spec section 2:
 *   /printing                  submit-work form
 *   /printing/orders           orders list
 *   /printing/orders/$id       order details with 'Print Order'
 *   /printing/admin/users      printing's staff, and /create a new employee (its manager, admins;
 *                              online only, an `admin-*` chunk, decision 0038)
 *   /printing/admin/figures    the department's totals, revenue and reports (its manager,
 *                              admins; online only, an `admin-*` chunk that is not precached)
 * A static segment, so it wins over the catalog's /$dept. The root route's guard lets printing
 * users and admins in (domain/access.ts).
 */
const printingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: printJobsDepartment,
  component: lazyRouteComponent(screens, 'PrintingLayout'),
});

const submitWorkRoute = createRoute({
  getParentRoute: () => printingRoute,
  path: '/',
  component: lazyRouteComponent(screens, 'SubmitWorkPage'),
});

const printOrdersRoute = createRoute({
  getParentRoute: () => printingRoute,
  path: 'orders',
  component: lazyRouteComponent(screens, 'PrintOrdersPage'),
});

const printOrderDetailRoute = createRoute({
  getParentRoute: () => printingRoute,
  path: 'orders/$id',
  component: lazyRouteComponent(screens, 'PrintOrderDetailRoute'),
});

const printingFiguresRoute = createRoute({
  getParentRoute: () => printingRoute,
  path: 'admin/figures',
  component: lazyRouteComponent(
    () => import('./admin-department-figures-route.tsx'),
    'PrintingFiguresRoute',
  ),
});

const staffScreens = () => import('./admin-department-staff-screens.tsx');

const printingUsersRoute = createRoute({
  getParentRoute: () => printingRoute,
  path: 'admin/users',
});

const printingUsersIndexRoute = createRoute({
  getParentRoute: () => printingUsersRoute,
  path: '/',
  component: lazyRouteComponent(staffScreens, 'PrintingUsersRoute'),
});

const printingCreateUserRoute = createRoute({
  getParentRoute: () => printingUsersRoute,
  path: 'create',
  component: lazyRouteComponent(staffScreens, 'PrintingCreateUserRoute'),
});

export const printingRouteTree = printingRoute.addChildren([
  submitWorkRoute,
  printOrdersRoute,
  printOrderDetailRoute,
  printingUsersRoute.addChildren([printingUsersIndexRoute, printingCreateUserRoute]),
  printingFiguresRoute,
]);
