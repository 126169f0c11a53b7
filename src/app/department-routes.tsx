import { createRoute, notFound } from '@tanstack/react-router';
import {
  departments,
  isProductDepartmentId,
  type DepartmentDescriptor,
  type ProductDepartmentId,
} from '../../domain/departments.ts';
import { DepartmentHomePage } from '../features/catalog/components/department-home-page.tsx';
import { DepartmentLayout } from '../features/catalog/components/department-layout.tsx';
import { ManageProductsPage } from '../features/catalog/components/manage-products-page.tsx';
import { OrderDetailPage } from '../features/catalog/components/order-detail-page.tsx';
import { OrderItemPage } from '../features/catalog/components/order-item-page.tsx';
import { OrdersPage } from '../features/catalog/components/orders-page.tsx';
import { ProductDetailPage } from '../features/catalog/components/product-detail-page.tsx';
import { UploadProductPage } from '../features/catalog/components/upload-product-page.tsx';
import { rootRoute } from './root-route.tsx';

/**
 * The route tree shared by the product departments (godown, stationery, animal-feeding, hardware,
 * fresh-oil): one generic module driven by the department descriptor. /printing has its own route.
 *
 * Children (screens in src/features/catalog/components, routes kept thin):
 *   /$dept                home: product grid with search and paging
 *   /$dept/products/$id   product detail with order form
 *   /$dept/order-item     create order
 *   /$dept/orders         orders list
 *   /$dept/orders/$id     order details
 *   /$dept/admin/upload   upload products (admins; the root guard turns others away)
 *   /$dept/admin/manage   manage products (admins)
 * Children read the descriptor with `departmentRoute.useRouteContext().department` (and the
 * narrowed id with `.dept`).
 */
export const departmentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$dept',
  beforeLoad: ({ params }): { department: DepartmentDescriptor; dept: ProductDepartmentId } => {
    // Unknown values (and 'printing', which has its own pages) are not found, not redirected.
    if (!isProductDepartmentId(params.dept)) throw notFound();
    return { department: departments[params.dept], dept: params.dept };
  },
  component: function DepartmentLayoutRoute() {
    return <DepartmentLayout dept={departmentRoute.useRouteContext().dept} />;
  },
});

/** /$dept: the department home (product grid with search and paging). */
export const departmentIndexRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: '/',
  component: function DepartmentHomeRoute() {
    return <DepartmentHomePage dept={departmentRoute.useRouteContext().dept} />;
  },
});

const productDetailRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'products/$id',
  component: function ProductDetailRoute() {
    const { dept } = departmentRoute.useRouteContext();
    const { id } = productDetailRoute.useParams();
    return <ProductDetailPage key={id} dept={dept} id={id} />;
  },
});

const orderItemRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'order-item',
  component: function OrderItemRoute() {
    return <OrderItemPage dept={departmentRoute.useRouteContext().dept} />;
  },
});

const ordersRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'orders',
  component: function OrdersRoute() {
    return <OrdersPage dept={departmentRoute.useRouteContext().dept} />;
  },
});

const orderDetailRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'orders/$id',
  component: function OrderDetailRoute() {
    const { dept } = departmentRoute.useRouteContext();
    const { id } = orderDetailRoute.useParams();
    return <OrderDetailPage key={id} dept={dept} id={id} />;
  },
});

// Admin pages: the root route's guard (domain/access.ts) sends non-admins to the department home.
const uploadRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/upload',
  component: function UploadRoute() {
    return <UploadProductPage dept={departmentRoute.useRouteContext().dept} />;
  },
});

const manageRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/manage',
  component: function ManageRoute() {
    return <ManageProductsPage dept={departmentRoute.useRouteContext().dept} />;
  },
});

export const departmentRouteTree = departmentRoute.addChildren([
  departmentIndexRoute,
  productDetailRoute,
  orderItemRoute,
  ordersRoute,
  orderDetailRoute,
  uploadRoute,
  manageRoute,
]);
