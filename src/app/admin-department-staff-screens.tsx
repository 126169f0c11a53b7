import { getRouteApi } from '@tanstack/react-router';
import { printJobsDepartment } from '../../domain/departments.ts';
import { AdminCreateUserPage } from '../features/users/admin-create-user-page.tsx';
import { AdminUsersPage } from '../features/users/admin-users-page.tsx';

/**
 * The department's Staff screens (decision 0038), a lazy chunk of their own. They reuse the admin
 * portal's user screens, which are online-only, and the file is named `admin-*` so the service
 * worker does not precache it (vite.config.ts). Kept out of department-screens.tsx: that chunk is
 * precached, and a static import of an `admin-*` chunk from it made every department screen fail
 * to load offline (the browser refuses a module whose import cannot be fetched).
 */
const departmentApi = getRouteApi('/$dept');

/** /$dept/admin/users: the department's staff. */
export function DepartmentUsersRoute() {
  const { dept } = departmentApi.useRouteContext();
  return <AdminUsersPage dept={dept} />;
}

/** /$dept/admin/users/create: a new employee of the department. */
export function DepartmentCreateUserRoute() {
  const { dept } = departmentApi.useRouteContext();
  return <AdminCreateUserPage dept={dept} />;
}

/**
 * /printing/admin/users and /create: printing's staff. Printing has its own route tree; the pages'
 * links (`/$dept/admin/users…` with dept 'printing') resolve to these routes, since the static
 * /printing segment wins over /$dept.
 */
export function PrintingUsersRoute() {
  return <AdminUsersPage dept={printJobsDepartment} />;
}

export function PrintingCreateUserRoute() {
  return <AdminCreateUserPage dept={printJobsDepartment} />;
}
