import { getRouteApi } from '@tanstack/react-router';
import { DeliveriesPage } from './components/deliveries-page.tsx';
import { DeliveryDetailPage } from './components/delivery-detail-page.tsx';
import { DeliveryFormPage } from './components/delivery-form-page.tsx';
import { SuppliersPage } from './components/suppliers-page.tsx';

const departmentApi = getRouteApi('/$dept');
const deliveryApi = getRouteApi('/$dept/deliveries/$id');

/** Route targets of /$dept/deliveries/* (src/app/department-routes.tsx; issue 25 item 3). */
export function DeliveriesRoute() {
  return <DeliveriesPage dept={departmentApi.useRouteContext().dept} />;
}

export function NewDeliveryRoute() {
  return <DeliveryFormPage dept={departmentApi.useRouteContext().dept} />;
}

export function SuppliersRoute() {
  return <SuppliersPage dept={departmentApi.useRouteContext().dept} />;
}

export function DeliveryDetailRoute() {
  const { dept } = departmentApi.useRouteContext();
  const { id } = deliveryApi.useParams();
  return <DeliveryDetailPage key={id} dept={dept} id={id} />;
}
