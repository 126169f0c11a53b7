import {
  departments,
  type DepartmentDescriptor,
  type ProductDepartmentId,
} from '../../../domain/departments.ts';
import { canManageDepartment } from '../../../domain/permissions.ts';
import { departmentName } from '../../i18n/department-name.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useSession } from '../../session/session.ts';

export interface DepartmentContext {
  descriptor: DepartmentDescriptor;
  /** The department's display name in the current language. */
  name: string;
  isAdmin: boolean;
  /** Admin, or this department's manager: the department's admin screens and actions. */
  canManage: boolean;
  userId: string | null;
}

/** The descriptor of a product department plus what every screen needs about the viewer. */
export function useDepartment(dept: ProductDepartmentId): DepartmentContext {
  const t = useT();
  const session = useSession();
  const descriptor = departments[dept];
  return {
    descriptor,
    name: departmentName(t, dept),
    isAdmin: session?.user.role === 'admin',
    canManage: session ? canManageDepartment(session.user, dept) : false,
    userId: session?.user._id ?? null,
  };
}
