import { getRouteApi } from '@tanstack/react-router';
import { useDepartment } from '../features/department/use-department.ts';
import { OrderDetailPage } from '../features/orders/components/order-detail-page.tsx';
import { OrderItemPage } from '../features/orders/components/order-item-page.tsx';
import { OrdersPage } from '../features/orders/components/orders-page.tsx';
import { ProductOrderForm } from '../features/orders/components/product-order-form.tsx';
import { LowStockPage } from '../features/products/components/low-stock-page.tsx';
import { ManageProductsPage } from '../features/products/components/manage-products-page.tsx';
import { ProductDetailPage } from '../features/products/components/product-detail-page.tsx';
import { UploadProductPage } from '../features/products/components/upload-product-page.tsx';
import { useT } from '../i18n/i18n.tsx';

/**
 * The department screens' route components, loaded lazily by department-routes.tsx
 * (lazyRouteComponent) so the public pages do not download the catalog. The shell and the home
 * are in department-home-screens.tsx, so a department home does not wait for these. Route APIs come from
 * getRouteApi, not from the route objects, so this chunk does not pull the route tree in.
 * The chunk is precached by the service worker (its name does not start with `admin-`).
 */
const departmentApi = getRouteApi('/$dept');
const productDetailApi = getRouteApi('/$dept/products/$id');
const orderDetailApi = getRouteApi('/$dept/orders/$id');
const orderItemApi = getRouteApi('/$dept/order-item');

export function ProductDetailRoute() {
  const { dept } = departmentApi.useRouteContext();
  const { id } = productDetailApi.useParams();
  // The products feature shows the orders feature's form; the two features never import each other.
  return <ProductDetailPage key={id} dept={dept} id={id} OrderForm={ProductOrderForm} />;
}

export function OrderItemRoute() {
  const { dept } = departmentApi.useRouteContext();
  const { product } = orderItemApi.useSearch();
  // A new ?product= (another row's link while on this screen) starts a fresh form with it chosen.
  return <OrderItemPage key={product} dept={dept} initialProductId={product} />;
}

export function OrdersRoute() {
  return <OrdersPage dept={departmentApi.useRouteContext().dept} />;
}

export function OrderDetailRoute() {
  const { dept } = departmentApi.useRouteContext();
  const { id } = orderDetailApi.useParams();
  return <OrderDetailPage key={id} dept={dept} id={id} />;
}

export function UploadRoute() {
  return <UploadProductPage dept={departmentApi.useRouteContext().dept} />;
}

export function ManageRoute() {
  return <ManageProductsPage dept={departmentApi.useRouteContext().dept} />;
}

export function LowStockRoute() {
  const { dept } = departmentApi.useRouteContext();
  const { name } = useDepartment(dept);
  const t = useT();
  return <LowStockPage depts={[dept]} title={t('inventory.lowStock.title', { name })} />;
}
