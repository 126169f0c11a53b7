import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import {
  departments,
  isProductDepartmentId,
  type DepartmentDescriptor,
  type ProductDepartmentId,
} from '../../domain/departments.ts';
import { rootRoute } from './root-route.tsx';

// The screens live in their own chunk (department-screens.tsx), fetched when a department route
// first loads; the router waits for it before rendering, and the service worker precaches it.
const screens = () => import('./department-screens.tsx');

/**
 * The route tree shared by the product departments (godown, stationery, animal-feeding, hardware,
 * fresh-oil): one generic module driven by the department descriptor. /printing has its own route.
 *
 * Children (screens in src/features/{department,products,orders}, routes kept thin):
 *   /$dept                home: product grid or list with search and paging
 *   /$dept/products/$id   product detail with order form
 *   /$dept/order-item     create order (?product={id} selects that product)
 *   /$dept/orders         orders list
 *   /$dept/orders/$id     order details
 *   /$dept/admin/upload   upload products (admins; the root guard turns others away)
 *   /$dept/admin/manage   manage products (admins)
 * Children read the descriptor with `getRouteApi('/$dept').useRouteContext().department` (and the
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
  component: lazyRouteComponent(screens, 'DepartmentLayoutRoute'),
});

/** /$dept: the department home (product grid with search and paging). */
export const departmentIndexRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: '/',
  component: lazyRouteComponent(screens, 'DepartmentHomeRoute'),
});

const productDetailRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'products/$id',
  component: lazyRouteComponent(screens, 'ProductDetailRoute'),
});

export interface OrderItemSearch {
  /** The product to select on arrival (a home row's 'Place Order' link), by id. */
  product?: string;
}

const orderItemRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'order-item',
  validateSearch: (search: Record<string, unknown>): OrderItemSearch =>
    typeof search.product === 'string' ? { product: search.product } : {},
  component: lazyRouteComponent(screens, 'OrderItemRoute'),
});

const ordersRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'orders',
  component: lazyRouteComponent(screens, 'OrdersRoute'),
});

const orderDetailRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'orders/$id',
  component: lazyRouteComponent(screens, 'OrderDetailRoute'),
});

// Admin pages: the root route's guard (domain/access.ts) sends non-admins to the department home.
const uploadRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/upload',
  component: lazyRouteComponent(screens, 'UploadRoute'),
});

const manageRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/manage',
  component: lazyRouteComponent(screens, 'ManageRoute'),
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
