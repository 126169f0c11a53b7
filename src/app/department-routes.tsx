import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import {
  departments,
  isProductDepartmentId,
  type DepartmentDescriptor,
  type DepartmentScreen,
  type ProductDepartmentId,
} from '../../domain/departments.ts';
import { rootRoute } from './root-route.tsx';

// The screens live in their own chunks, fetched when a department route first loads; the router
// waits for them before rendering, and the service worker precaches them. The shell and the home
// (department-home-screens.tsx) are apart from the rest (department-screens.tsx), so the home a
// tablet starts on loads only what its list needs (issue 26 item 10).
const homeScreens = () => import('./department-home-screens.tsx');
const screens = () => import('./department-screens.tsx');
const staffScreens = () => import('./admin-department-staff-screens.tsx');
const figuresScreen = () => import('./admin-department-figures-route.tsx');

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
 *   /$dept/low-stock      products at or below their reorder level
 *   /$dept/admin/upload   upload products (admins; the root guard turns others away)
 *   /$dept/admin/manage   manage products (admins and the department's manager)
 *   /$dept/admin/users, /admin/users/create   the department's staff (its manager, admins)
 *   /$dept/admin/figures  the department's totals, revenue and reports (its manager, admins)
 *   /$dept/admin/bulk-upload, /admin/move, /admin/move/$id, /admin/movement-logs
 *                         godown's extras (only where the descriptor's menu lists the screen)
 *   /$dept/counts, /$dept/counts/$id   stock counts (godown; staff and admins)
 *   /$dept/sale, /$dept/sales/$id      the basket of a sale, and one sale (issue 25)
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
  component: lazyRouteComponent(homeScreens, 'DepartmentLayoutRoute'),
});

/** /$dept: the department home (product grid with search and paging). */
export const departmentIndexRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: '/',
  component: lazyRouteComponent(homeScreens, 'DepartmentHomeRoute'),
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

/** /$dept/low-stock: products at or below their reorder level, from the mirror (issue 15). */
const lowStockRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'low-stock',
  beforeLoad: requireMenuScreen('low-stock'),
  component: lazyRouteComponent(screens, 'LowStockRoute'),
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

/**
 * /$dept/admin/users: the department's Staff (its manager's employees; admins see the department's
 * users): the admin portal's user screens with a department scope (decision 0038).
 */
const departmentUsersRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/users',
});

const departmentUsersIndexRoute = createRoute({
  getParentRoute: () => departmentUsersRoute,
  path: '/',
  component: lazyRouteComponent(staffScreens, 'DepartmentUsersRoute'),
});

const departmentCreateUserRoute = createRoute({
  getParentRoute: () => departmentUsersRoute,
  path: 'create',
  component: lazyRouteComponent(staffScreens, 'DepartmentCreateUserRoute'),
});

/** /$dept/admin/figures: the department's totals, revenue and reports (decision 0038). */
const departmentFiguresRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/figures',
  component: lazyRouteComponent(figuresScreen, 'DepartmentFiguresRoute'),
});

/**
 * A screen only some departments list in their menu (descriptor `menu`, e.g. godown's bulk upload
 * and stock transfers): any other department's path is not found.
 */
function requireMenuScreen(screen: DepartmentScreen) {
  return ({ context }: { context: { department: DepartmentDescriptor } }) => {
    if (!context.department.menu.some((item) => item.screen === screen)) throw notFound();
  };
}

/** /$dept/admin/bulk-upload: products from a CSV or XLSX file (godown). */
const bulkUploadRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/bulk-upload',
  beforeLoad: requireMenuScreen('admin/bulk-upload'),
  component: lazyRouteComponent(
    () => import('../features/bulk-upload/admin-bulk-upload-page.tsx'),
    'AdminBulkUploadPage',
  ),
});

/** /$dept/admin/move: the inventory list to pick a product to transfer (godown). */
const moveRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/move',
  beforeLoad: requireMenuScreen('admin/move'),
});

const moveIndexRoute = createRoute({
  getParentRoute: () => moveRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/transfers/move-page.tsx'), 'MovePage'),
});

/** /$dept/admin/move/$id: the transfer form of one product. */
const transferRoute = createRoute({
  getParentRoute: () => moveRoute,
  path: '$id',
  component: lazyRouteComponent(
    () => import('../features/transfers/transfer-page.tsx'),
    'TransferPage',
  ),
});

/** /$dept/admin/movement-logs: the stock transfers made (godown). */
const movementLogsRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'admin/movement-logs',
  beforeLoad: requireMenuScreen('admin/movement-logs'),
  component: lazyRouteComponent(
    () => import('../features/transfers/movement-logs-page.tsx'),
    'MovementLogsPage',
  ),
});

/** /$dept/counts: stock counts of a location (godown; issue 15), and /$dept/counts/$id one count. */
const countsRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'counts',
  beforeLoad: requireMenuScreen('counts'),
});

const countsIndexRoute = createRoute({
  getParentRoute: () => countsRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/stock-counts/counts-page.tsx'),
    'StockCountsRoute',
  ),
});

const countRoute = createRoute({
  getParentRoute: () => countsRoute,
  path: '$id',
  component: lazyRouteComponent(
    () => import('../features/stock-counts/counts-page.tsx'),
    'CountRoute',
  ),
});

/** /$dept/sale: the basket of a sale of several items (issue 25), and /$dept/sales/$id one sale. */
const saleRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'sale',
  beforeLoad: requireMenuScreen('sale'),
  component: lazyRouteComponent(() => import('../features/sales/sales-pages.tsx'), 'SaleRoute'),
});

const saleDetailRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'sales/$id',
  beforeLoad: requireMenuScreen('sale'),
  component: lazyRouteComponent(
    () => import('../features/sales/sales-pages.tsx'),
    'SaleDetailRoute',
  ),
});

/**
 * /$dept/deliveries: goods received (issue 25 item 3): the list, /new the form, /suppliers the
 * suppliers and /$id one delivery with its goods-received note.
 */
const deliveries = () => import('../features/deliveries/deliveries-pages.tsx');

const deliveriesRoute = createRoute({
  getParentRoute: () => departmentRoute,
  path: 'deliveries',
  beforeLoad: requireMenuScreen('deliveries'),
});

const deliveriesIndexRoute = createRoute({
  getParentRoute: () => deliveriesRoute,
  path: '/',
  component: lazyRouteComponent(deliveries, 'DeliveriesRoute'),
});

const newDeliveryRoute = createRoute({
  getParentRoute: () => deliveriesRoute,
  path: 'new',
  component: lazyRouteComponent(deliveries, 'NewDeliveryRoute'),
});

const suppliersRoute = createRoute({
  getParentRoute: () => deliveriesRoute,
  path: 'suppliers',
  component: lazyRouteComponent(deliveries, 'SuppliersRoute'),
});

const deliveryDetailRoute = createRoute({
  getParentRoute: () => deliveriesRoute,
  path: '$id',
  component: lazyRouteComponent(deliveries, 'DeliveryDetailRoute'),
});

export const departmentRouteTree = departmentRoute.addChildren([
  departmentIndexRoute,
  productDetailRoute,
  orderItemRoute,
  ordersRoute,
  orderDetailRoute,
  lowStockRoute,
  uploadRoute,
  manageRoute,
  departmentUsersRoute.addChildren([departmentUsersIndexRoute, departmentCreateUserRoute]),
  departmentFiguresRoute,
  bulkUploadRoute,
  moveRoute.addChildren([moveIndexRoute, transferRoute]),
  deliveriesRoute.addChildren([
    deliveriesIndexRoute,
    newDeliveryRoute,
    suppliersRoute,
    deliveryDetailRoute,
  ]),
  movementLogsRoute,
  countsRoute.addChildren([countsIndexRoute, countRoute]),
  saleRoute,
  saleDetailRoute,
]);
