import { Outlet } from '@tanstack/react-router';
import type { ProductDepartmentId } from '../../../domain/departments.ts';
import { DepartmentHeader } from './components/department-header.tsx';

/** Every /$dept page: the department's header navigation above the page. */
export function DepartmentLayout({ dept }: { dept: ProductDepartmentId }) {
  return (
    <>
      <DepartmentHeader dept={dept} />
      <Outlet />
    </>
  );
}
