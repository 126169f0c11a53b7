import { getRouteApi } from '@tanstack/react-router';
import { MoveInventoryPage } from './components/move-inventory-page.tsx';

const departmentApi = getRouteApi('/$dept');

/** Route target of /$dept/admin/move (src/app/department-routes.tsx). */
export function MovePage() {
  return <MoveInventoryPage dept={departmentApi.useRouteContext().dept} />;
}
