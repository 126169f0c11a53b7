import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route.tsx';

/**
 * The admin portal's user management pages, under /admin. Admin-only is enforced by the root
 * route's guard (domain/access.ts: every /admin/** path is closed to non-admins).
 *
 * Each page is a lazy chunk from a file named `admin-*`, so the build names the chunk `admin-*` and
 * the service worker does not precache it (vite.config.ts): staff tablets never download it, and
 * these online-only screens need the network anyway.
 *
 *   /admin/users          User Management (list, search, Edit User and Delete User modals)
 *   /admin/users/create   Create New User
 */
const adminUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/users',
});

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

export const adminRouteTree = adminUsersRoute.addChildren([
  adminUsersIndexRoute,
  adminCreateUserRoute,
]);
