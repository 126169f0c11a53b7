/**
 * The six departments and the descriptor that carries every difference between them.
 * Screens and server routes are generic and read these descriptors; a department never gets a
 * copied module of its own (DESIGN.md section 2).
 */
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

export function isProductDepartmentId(value: unknown): value is ProductDepartmentId {
  return typeof value === 'string' && (productDepartmentIds as readonly string[]).includes(value);
}

export interface DepartmentDescriptor {
  id: DepartmentId;
  /** i18n key of the department's display name. */
  nameKey: string;
  /** Prefix of the human order id, e.g. 'HW' gives ORD-HW-000123. */
  orderPrefix: string;
  /** Products shown per page on the department home. */
  shopPageSize: number;
  /** Orders shown per page on the orders list. */
  ordersPageSize: number;
  /** Product fields the search box matches (case-insensitive). */
  searchFields: readonly ('name' | 'description')[];
  /** Quantity at or below which stock is 'Low stock' (above 0). */
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
}

export const departments: Record<DepartmentId, DepartmentDescriptor> = {
  hardware: {
    id: 'hardware',
    nameKey: 'dept.hardware',
    orderPrefix: 'HW',
    shopPageSize: 6,
    ordersPageSize: 6,
    searchFields: ['name', 'description'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    extraFields: [],
  },
  'fresh-oil': {
    id: 'fresh-oil',
    nameKey: 'dept.freshOil',
    orderPrefix: 'FO',
    shopPageSize: 8,
    ordersPageSize: 6,
    searchFields: ['name'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    extraFields: [],
  },
  stationery: {
    id: 'stationery',
    nameKey: 'dept.stationery',
    orderPrefix: 'ST',
    shopPageSize: 6,
    ordersPageSize: 6,
    searchFields: ['name'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    extraFields: [],
  },
  'animal-feeding': {
    id: 'animal-feeding',
    nameKey: 'dept.animalFeeding',
    orderPrefix: 'AF',
    shopPageSize: 10,
    ordersPageSize: 10,
    searchFields: ['name'],
    lowStockThreshold: 9,
    quantityGreenAbove: 20,
    hasImage: true,
    createFailureHasErrorField: false,
    extraFields: ['nutrients'],
  },
  godown: {
    id: 'godown',
    nameKey: 'dept.godown',
    orderPrefix: 'GD',
    shopPageSize: 10,
    ordersPageSize: 6,
    searchFields: ['name'],
    lowStockThreshold: 5,
    quantityGreenAbove: 20,
    hasImage: false,
    createFailureHasErrorField: true,
    extraFields: ['location', 'condition'],
  },
  printing: {
    id: 'printing',
    nameKey: 'dept.printing',
    orderPrefix: 'PR',
    shopPageSize: 6,
    ordersPageSize: 6,
    searchFields: ['name'],
    lowStockThreshold: 2,
    quantityGreenAbove: 20,
    hasImage: false,
    createFailureHasErrorField: false,
    extraFields: [],
  },
};
