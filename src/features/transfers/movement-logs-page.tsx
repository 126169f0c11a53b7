import { getRouteApi } from '@tanstack/react-router';
import { MovementLogsPage as MovementLogsScreen } from './components/movement-logs-page.tsx';

const departmentApi = getRouteApi('/$dept');

/** Route target of /$dept/admin/movement-logs (src/app/department-routes.tsx). */
export function MovementLogsPage() {
  return <MovementLogsScreen dept={departmentApi.useRouteContext().dept} />;
}
