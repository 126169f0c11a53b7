import { getRouteApi } from '@tanstack/react-router';
import { SaleDetailPage } from './components/sale-detail-page.tsx';
import { SalePage } from './components/sale-page.tsx';

const departmentApi = getRouteApi('/$dept');
const saleApi = getRouteApi('/$dept/sales/$id');

/** Route target of /$dept/sale, the basket (src/app/department-routes.tsx). */
export function SaleRoute() {
  return <SalePage dept={departmentApi.useRouteContext().dept} />;
}

/** Route target of /$dept/sales/$id. */
export function SaleDetailRoute() {
  const { dept } = departmentApi.useRouteContext();
  const { id } = saleApi.useParams();
  return <SaleDetailPage key={id} dept={dept} id={id} />;
}
