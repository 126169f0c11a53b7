import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route.tsx';

/**
 * The admin portal, /admin/*: one layout route (sidebar 'Admin Portal', welcome line, user menu)
 * and its pages. Admin-only is enforced by the root route's guard (domain/access.ts: every
 * /admin/** path is closed to non-admins) and by the server on every call.
 *
 * Each page is a lazy chunk from a file named `admin-*`, so the build names the chunk `admin-*` and
 * the service worker does not precache it (vite.config.ts): staff tablets never download it, and
 * these online-only screens need the network anyway.
 *
 *   /admin, /admin/dashboard   Dashboard Overview
 *   /admin/users               User Management (list, search, Edit User and Delete User modals)
 *   /admin/users/create        Create New User
 *   /admin/reports             Analytics Reports (PDF, CSV, XLSX)
 *   /admin/low-stock           products at or below their reorder level, every department
 *   /admin/revenue             Revenue Analytics
 *   /admin/settings            System Settings (company details, own password)
 *   /admin/support             Help & Support
 *   /admin/inbox               support and contact messages
 *   /admin/audit               the audit trail (who changed what, before and after; CSV)
 */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  component: lazyRouteComponent(
    () => import('../features/admin/components/admin-layout.tsx'),
    'AdminLayout',
  ),
});

const dashboard = lazyRouteComponent(
  () => import('../features/admin/components/admin-dashboard-page.tsx'),
  'AdminDashboardPage',
);

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: dashboard,
});

const adminDashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'dashboard',
  component: dashboard,
});

const adminUsersRoute = createRoute({ getParentRoute: () => adminRoute, path: 'users' });

const adminUsersIndexRoute = createRoute({
  getParentRoute: () => adminUsersRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/users/admin-users-page.tsx'),
    'AdminUsersPage',
  ),
});

const adminCreateUserRoute = createRoute({
  getParentRoute: () => adminUsersRoute,
  path: 'create',
  component: lazyRouteComponent(
    () => import('../features/users/admin-create-user-page.tsx'),
    'AdminCreateUserPage',
  ),
});

const adminReportsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'reports',
  component: lazyRouteComponent(() => import('./admin-reports-route.tsx'), 'AdminReportsRoute'),
});

const adminLowStockRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'low-stock',
  component: lazyRouteComponent(() => import('./admin-low-stock-route.tsx'), 'AdminLowStockRoute'),
});

const adminRevenueRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'revenue',
  component: lazyRouteComponent(
    () => import('../features/admin/components/admin-revenue-page.tsx'),
    'AdminRevenuePage',
  ),
});

const adminSettingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings',
  component: lazyRouteComponent(
    () => import('../features/settings/components/admin-settings-page.tsx'),
    'AdminSettingsPage',
  ),
});

const adminSupportRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'support',
  component: lazyRouteComponent(
    () => import('../features/admin/components/admin-support-page.tsx'),
    'AdminSupportPage',
  ),
});

const adminInboxRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'inbox',
  component: lazyRouteComponent(
    () => import('../features/admin/components/admin-inbox-page.tsx'),
    'AdminInboxPage',
  ),
});

const adminAuditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'audit',
  component: lazyRouteComponent(
    () => import('../features/admin/components/admin-audit-page.tsx'),
    'AdminAuditPage',
  ),
});

export const adminRouteTree = adminRoute.addChildren([
  adminIndexRoute,
  adminDashboardRoute,
  adminUsersRoute.addChildren([adminUsersIndexRoute, adminCreateUserRoute]),
  adminReportsRoute,
  adminLowStockRoute,
  adminRevenueRoute,
  adminSettingsRoute,
  adminSupportRoute,
  adminInboxRoute,
  adminAuditRoute,
]);
