import { getRouteApi } from '@tanstack/react-router';
import { printJobsDepartment } from '../../domain/departments.ts';
import { AdminDepartmentFiguresPage } from '../features/admin/components/admin-department-figures-page.tsx';

/**
 * A department's Figures screen (decision 0038), a lazy chunk of its own like the Staff screens:
 * online only, named `admin-*` so the service worker does not precache it (vite.config.ts), and
 * loaded only with import() so no precached chunk imports it.
 */
const departmentApi = getRouteApi('/$dept');

/** /$dept/admin/figures: a product department's totals, revenue and reports. */
export function DepartmentFiguresRoute() {
  const { dept } = departmentApi.useRouteContext();
  return <AdminDepartmentFiguresPage dept={dept} />;
}

/** /printing/admin/figures: the same for printing, which lists print jobs rather than products. */
export function PrintingFiguresRoute() {
  return <AdminDepartmentFiguresPage dept={printJobsDepartment} products={false} />;
}
