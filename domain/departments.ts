/**
 * The six departments and the descriptor that carries every difference between them.
 * Screens and server routes are generic and read these descriptors; a department never gets a
 * copied module of its own (docs/architecture.md section 2).
 */
import type { Audience } from './permissions.ts';
export const departmentIds = [
  'godown',
  'stationery',
  'animal-feeding',
  'hardware',
  'printing',
  'fresh-oil',
] as const;

export type DepartmentId = (typeof departmentIds)[number];

/** Departments that sell products through the generic products/orders module. */
export const productDepartmentIds = [
  'godown',
  'stationery',
  'animal-feeding',
  'hardware',
  'fresh-oil',
] as const satisfies readonly DepartmentId[];

export type ProductDepartmentId = (typeof productDepartmentIds)[number];

export function isDepartmentId(value: unknown): value is DepartmentId {
  return typeof value === 'string' && (departmentIds as readonly string[]).includes(value);
}

/** A department whose pages are the generic catalog (descriptor `pages`; the test pins the list). */
export function isProductDepartmentId(value: unknown): value is ProductDepartmentId {
  return isDepartmentId(value) && departments[value].pages === 'catalog';
}

/** A screen of a department's own menu; a new screen adds its path here and its route. */
export type DepartmentScreen =
  | 'home'
  | 'order-item'
  | 'orders'
  | 'low-stock'
  | 'admin/upload'
  | 'admin/users'
  | 'admin/figures'
  | 'admin/manage'
  | 'admin/bulk-upload'
  | 'admin/move'
  | 'admin/movement-logs'
  | 'counts'
  | 'sale'
  | 'deliveries';

export interface DepartmentMenuItem {
  screen: DepartmentScreen;
  /** i18n key of the link text. */
  labelKey: string;
  /**
   * Who sees the link (domain/permissions.ts): 'staff' every member of the department, 'manager'
   * its manager and admins (the route guard turns others away from those paths as well).
   */
  access: Audience;
}

/**
 * The department header of every product department today. A department with screens of its
 * own (godown's bulk upload, movement logs and move; a 'Low stock' page) lists its own menu.
 */
const catalogMenu: readonly DepartmentMenuItem[] = [
  { screen: 'home', labelKey: 'catalog.nav.home', access: 'staff' },
  { screen: 'order-item', labelKey: 'catalog.nav.orderItem', access: 'staff' },
  { screen: 'sale', labelKey: 'sales.nav', access: 'staff' },
  { screen: 'orders', labelKey: 'catalog.nav.orders', access: 'staff' },
  { screen: 'low-stock', labelKey: 'inventory.lowStock.nav', access: 'staff' },
  { screen: 'admin/upload', labelKey: 'catalog.nav.upload', access: 'manager' },
  { screen: 'admin/manage', labelKey: 'catalog.nav.manage', access: 'manager' },
  // The department's employees, for its manager (and admins): decision 0038.
  { screen: 'admin/users', labelKey: 'users.nav.department', access: 'manager' },
  // Its totals, revenue and reports, for its manager (and admins): decision 0038.
  { screen: 'admin/figures', labelKey: 'admin.figures.nav', access: 'manager' },
];

/** Godown adds bulk upload, stock transfers and movement logs (spec section 2, 'Godown extras'). */
const godownMenu: readonly DepartmentMenuItem[] = [
  ...catalogMenu,
  { screen: 'admin/bulk-upload', labelKey: 'bulkUpload.nav', access: 'manager' },
  { screen: 'admin/move', labelKey: 'transfers.nav.move', access: 'manager' },
  { screen: 'admin/movement-logs', labelKey: 'transfers.nav.logs', access: 'manager' },
  { screen: 'counts', labelKey: 'stockCounts.nav', access: 'staff' },
  // Goods received from suppliers (issue 25 item 3): the keeper books them at the door.
  { screen: 'deliveries', labelKey: 'deliveries.nav', access: 'staff' },
];

/** The print-job pages: the submit-work form (the department's home) and the orders list. */
const printingMenu: readonly DepartmentMenuItem[] = [
  { screen: 'home', labelKey: 'printing.nav.submit', access: 'staff' },
  { screen: 'orders', labelKey: 'printing.nav.orders', access: 'staff' },
  { screen: 'admin/users', labelKey: 'users.nav.department', access: 'manager' },
  { screen: 'admin/figures', labelKey: 'admin.figures.nav', access: 'manager' },
];

/** A column of the orders list; every list ends with the row's actions. */
export type OrdersListColumn = 'orderId' | 'product' | 'quantity' | 'total';

/** The spec's orders table: Product, Quantity ('N units'), Total Price. */
const ordersColumns = ['product', 'quantity', 'total'] as const satisfies OrdersListColumn[];

export interface DepartmentDescriptor {
  id: DepartmentId;
  /** i18n key of the department's display name. */
  nameKey: string;
  /** Prefix of the human order id, e.g. 'HW' gives ORD-HW-000123. */
  orderPrefix: string;
  /**
   * What serves /{id}: the generic catalog (product home, orders, upload and manage) or
   * printing's print-job pages; null would send the department's users to /dashboard.
   */
  pages: 'catalog' | 'print-jobs' | null;
  /** The links of the department's own header, in order. */
  menu: readonly DepartmentMenuItem[];
  /** i18n key of the manage page's title; null where the department has no manage page. */
  manageTitleKey: string | null;
  /** Quantities under this are red on the manage page (animal-feeding: under 10). */
  quantityRedBelow: number;
  /** The orders list's columns before the actions (stationery leads with the human orderId). */
  ordersListColumns: readonly OrdersListColumn[];
  /**
   * i18n key of the home's error view, shown when the product list has never arrived from the
   * server (spec section 8; animal-feeding's 'Error: No Product found!' with Retry).
   */
  productsLoadErrorKey: string;
  /** Products shown per page on the department home. */
  shopPageSize: number;
  /** Orders shown per page on the orders list. */
  ordersPageSize: number;
  /** Product fields the search box matches (case-insensitive). */
  searchFields: readonly ('name' | 'description' | 'location')[];
  /**
   * The reorder level of a product that has none of its own: at or below it (above 0) stock is
   * 'Low stock' on the badge, the godown condition and the Low stock page (domain/low-stock.ts).
   */
  lowStockThreshold: number;
  /** Quantity above which the quantity is shown green; at or below it warning colours. */
  quantityGreenAbove: number;
  /** Products carry an image (godown does not). */
  hasImage: boolean;
  /** Extra product fields beyond name, description, price, quantity. */
  extraFields: readonly ('location' | 'condition' | 'nutrients')[];
  /**
   * A failed product creation repeats its message in an `error` field: godown's client reads
   * `error` (spec section 7, 'Products'), the others read `message`.
   */
  createFailureHasErrorField: boolean;
  /** How the department home lists products: a card grid, or one row per product (godown). */
  homeLayout: 'grid' | 'list';
  /** Rows per page on the manage table. */
  managePageSize: number;
  /** Extra product fields the manage table shows as columns, after name, price and quantity. */
  manageColumns: readonly ('location' | 'condition')[];
  /** What the stock badge says (domain/stock.ts `stockBadge`). */
  stockBadge: StockBadgeRule;
}

/**
 * The stock badge shows the stock status ('Out of Stock', 'Low stock', 'In Stock' by
 * `lowStockThreshold`), or, for a department whose products carry a condition, 'Out of Stock'
 * under `outOfStockBelow` and the condition otherwise (spec section 4, the godown list).
 */
export type StockBadgeRule = { shows: 'status' } | { shows: 'condition'; outOfStockBelow: number };

export const departments: Record<DepartmentId, DepartmentDescriptor> = {
  hardware: {
    id: 'hardware',
    nameKey: 'dept.hardware',
    orderPrefix: 'HW',
    pages: 'catalog',
    menu: catalogMenu,
    manageTitleKey: 'catalog.manage.title.hardware',
    quantityRedBelow: 3,
    ordersListColumns: ordersColumns,
    productsLoadErrorKey: 'catalog.products.loadError',
    shopPageSize: 6,
    ordersPageSize: 6,
    searchFields: ['name', 'description'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    homeLayout: 'grid',
    managePageSize: 10,
    manageColumns: [],
    stockBadge: { shows: 'status' },
    extraFields: [],
  },
  'fresh-oil': {
    id: 'fresh-oil',
    nameKey: 'dept.freshOil',
    orderPrefix: 'FO',
    pages: 'catalog',
    menu: catalogMenu,
    manageTitleKey: 'catalog.manage.title.freshOil',
    quantityRedBelow: 3,
    ordersListColumns: ordersColumns,
    productsLoadErrorKey: 'catalog.products.loadError',
    shopPageSize: 8,
    ordersPageSize: 6,
    searchFields: ['name'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    homeLayout: 'grid',
    managePageSize: 10,
    manageColumns: [],
    stockBadge: { shows: 'status' },
    extraFields: [],
  },
  stationery: {
    id: 'stationery',
    nameKey: 'dept.stationery',
    orderPrefix: 'ST',
    pages: 'catalog',
    menu: catalogMenu,
    manageTitleKey: 'catalog.manage.title.stationery',
    quantityRedBelow: 3,
    ordersListColumns: ['orderId', ...ordersColumns],
    productsLoadErrorKey: 'catalog.products.loadError',
    shopPageSize: 6,
    ordersPageSize: 6,
    searchFields: ['name'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    homeLayout: 'grid',
    managePageSize: 10,
    manageColumns: [],
    stockBadge: { shows: 'status' },
    extraFields: [],
  },
  'animal-feeding': {
    id: 'animal-feeding',
    nameKey: 'dept.animalFeeding',
    orderPrefix: 'AF',
    pages: 'catalog',
    menu: catalogMenu,
    manageTitleKey: 'catalog.manage.title.animalFeeding',
    quantityRedBelow: 10,
    ordersListColumns: ordersColumns,
    productsLoadErrorKey: 'catalog.products.loadErrorFeeding',
    shopPageSize: 10,
    ordersPageSize: 10,
    searchFields: ['name'],
    lowStockThreshold: 9,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    homeLayout: 'grid',
    managePageSize: 10,
    manageColumns: [],
    stockBadge: { shows: 'status' },
    extraFields: ['nutrients'],
  },
  godown: {
    id: 'godown',
    nameKey: 'dept.godown',
    orderPrefix: 'GD',
    pages: 'catalog',
    menu: godownMenu,
    manageTitleKey: 'catalog.manage.title.godown',
    quantityRedBelow: 6,
    ordersListColumns: ordersColumns,
    productsLoadErrorKey: 'catalog.products.loadError',
    shopPageSize: 10,
    ordersPageSize: 6,
    // A clerk looks for what is on a shelf as often as for a name (issue 26).
    searchFields: ['name', 'location'],
    // 10: the godown condition's 'low stock' band (docs/server-behaviour.md, 'Godown condition') before reorder levels.
    lowStockThreshold: 10,
    quantityGreenAbove: 20,
    hasImage: false,
    createFailureHasErrorField: true,
    homeLayout: 'list',
    managePageSize: 10,
    manageColumns: ['location', 'condition'],
    stockBadge: { shows: 'condition', outOfStockBelow: 6 },
    extraFields: ['location', 'condition'],
  },
  printing: {
    id: 'printing',
    nameKey: 'dept.printing',
    orderPrefix: 'PR',
    pages: 'print-jobs',
    menu: printingMenu,
    manageTitleKey: null,
    quantityRedBelow: 3,
    ordersListColumns: ordersColumns,
    productsLoadErrorKey: 'catalog.products.loadError',
    shopPageSize: 6,
    ordersPageSize: 6,
    searchFields: ['name'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: false,
    createFailureHasErrorField: false,
    homeLayout: 'grid',
    managePageSize: 10,
    manageColumns: [],
    stockBadge: { shows: 'status' },
    extraFields: [],
  },
};

/** The category a new user starts with, on the admin's form and in the API (spec section 5). */
export const newUserCategory: DepartmentId = 'animal-feeding';

/** The department whose orders the admin dashboard shows when none is chosen (spec section 7). */
export const dashboardOrdersDepartment: DepartmentId = 'animal-feeding';

/**
 * The one department of print jobs (descriptor `pages: 'print-jobs'`), as a literal: its static
 * route segment (/printing) is typed by it.
 */
export const printJobsDepartment = 'printing' satisfies DepartmentId;
