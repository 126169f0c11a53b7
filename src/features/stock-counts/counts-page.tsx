import { getRouteApi } from '@tanstack/react-router';
import { CountPage } from './components/count-page.tsx';
import { StockCountsPage } from './components/stock-counts-page.tsx';

const departmentApi = getRouteApi('/$dept');
const countApi = getRouteApi('/$dept/counts/$id');

/** Route target of /$dept/counts (src/app/department-routes.tsx). */
export function StockCountsRoute() {
  return <StockCountsPage dept={departmentApi.useRouteContext().dept} />;
}

/** Route target of /$dept/counts/$id. */
export function CountRoute() {
  const { dept } = departmentApi.useRouteContext();
  const { id } = countApi.useParams();
  return <CountPage key={id} dept={dept} id={id} />;
}
