import { getRouteApi } from '@tanstack/react-router';
import { TransferFormPage } from './components/transfer-form-page.tsx';

const departmentApi = getRouteApi('/$dept');
const transferApi = getRouteApi('/$dept/admin/move/$id');

/** Route target of /$dept/admin/move/$id (src/app/department-routes.tsx). */
export function TransferPage() {
  const { dept } = departmentApi.useRouteContext();
  const { id } = transferApi.useParams();
  // A new id starts a fresh form.
  return <TransferFormPage key={id} dept={dept} id={id} />;
}
