import { describe, expect, it } from 'vitest';
import {
  departmentIds,
  departments,
  isProductDepartmentId,
  newUserCategory,
  productDepartmentIds,
  type DepartmentDescriptor,
  type DepartmentId,
} from './departments.ts';

const hardware = departments.hardware;
const freshOil = departments['fresh-oil'];
const stationery = departments.stationery;
const animalFeeding = departments['animal-feeding'];
const godown = departments.godown;

/** One descriptor field over several departments, in the order given. */
function fieldOf<K extends keyof DepartmentDescriptor>(ids: readonly DepartmentId[], field: K) {
  return ids.map((id) => departments[id][field]);
}

const searchingNamesOnly = ['fresh-oil', 'stationery', 'animal-feeding'] as const;
const notStationery = ['hardware', 'fresh-oil', 'animal-feeding', 'godown'] as const;
const withImages = ['hardware', 'fresh-oil', 'stationery', 'animal-feeding'] as const;

/**
 * Every descriptor value the spec fixes (sections 2, 3, 4, 5 and 9), with docs/architecture.md section 3's
 * corrections. i18n keys are checked here; their English texts in src/i18n/department-name.test.ts.
 */
const specValues: { rule: string; actual: unknown; expected: unknown }[] = [
  { rule: 'fresh-oil shop: 8 per page', actual: freshOil.shopPageSize, expected: 8 },
  { rule: 'hardware shop: 6 per page', actual: hardware.shopPageSize, expected: 6 },
  { rule: 'stationery home: 6 per page', actual: stationery.shopPageSize, expected: 6 },
  { rule: 'animal-feeding grid: 10 per page', actual: animalFeeding.shopPageSize, expected: 10 },
  { rule: 'godown home: 10 per page', actual: godown.shopPageSize, expected: 10 },
  { rule: 'godown manage: 10 per page', actual: godown.managePageSize, expected: 10 },
  {
    rule: 'animal-feeding orders: 10 per page',
    actual: animalFeeding.ordersPageSize,
    expected: 10,
  },
  {
    rule: 'orders of printing, hardware, fresh-oil, godown, stationery: 6 per page',
    actual: fieldOf(
      ['printing', 'hardware', 'fresh-oil', 'godown', 'stationery'],
      'ordersPageSize',
    ),
    expected: [6, 6, 6, 6, 6],
  },
  {
    rule: 'hardware searches name and description',
    actual: hardware.searchFields,
    expected: ['name', 'description'],
  },
  {
    rule: 'godown searches name and location',
    actual: godown.searchFields,
    expected: ['name', 'location'],
  },
  {
    rule: 'the other product departments search the name',
    actual: fieldOf(searchingNamesOnly, 'searchFields'),
    expected: searchingNamesOnly.map(() => ['name']),
  },
  { rule: 'godown products have no image', actual: godown.hasImage, expected: false },
  {
    rule: 'the other product departments have images',
    actual: fieldOf(withImages, 'hasImage'),
    expected: withImages.map(() => true),
  },
  {
    rule: 'animal-feeding adds nutrients',
    actual: animalFeeding.extraFields,
    expected: ['nutrients'],
  },
  {
    rule: "stationery's manage title is its own, not the spec's copy defect",
    actual: stationery.manageTitleKey,
    expected: 'catalog.manage.title.stationery',
  },
  {
    rule: 'each product department has its manage title',
    actual: fieldOf(productDepartmentIds, 'manageTitleKey'),
    expected: [
      'catalog.manage.title.godown',
      'catalog.manage.title.stationery',
      'catalog.manage.title.animalFeeding',
      'catalog.manage.title.hardware',
      'catalog.manage.title.freshOil',
    ],
  },
  {
    rule: 'stationery shows the orderId in its orders list',
    actual: stationery.ordersListColumns,
    expected: ['orderId', 'product', 'quantity', 'total'],
  },
  {
    rule: 'the other orders lists show Product, Quantity, Total Price',
    actual: fieldOf(notStationery, 'ordersListColumns'),
    expected: notStationery.map(() => ['product', 'quantity', 'total']),
  },
  {
    rule: 'quantities above 20 are green',
    actual: fieldOf(departmentIds, 'quantityGreenAbove'),
    expected: departmentIds.map(() => 20),
  },
  {
    rule: 'animal-feeding manage: red under 10',
    actual: animalFeeding.quantityRedBelow,
    expected: 10,
  },
  {
    rule: "animal-feeding's load error is 'Error: No Product found!'",
    actual: animalFeeding.productsLoadErrorKey,
    expected: 'catalog.products.loadErrorFeeding',
  },
  {
    rule: 'a new user starts in animal-feeding',
    actual: newUserCategory,
    expected: 'animal-feeding',
  },
  {
    rule: 'printing has its own print-job pages, the others the catalog',
    actual: fieldOf(departmentIds, 'pages'),
    expected: departmentIds.map((id) => (id === 'printing' ? 'print-jobs' : 'catalog')),
  },
];

describe('department descriptors', () => {
  it.each(specValues)('$rule', ({ actual, expected }) => {
    expect(actual).toEqual(expected);
  });

  it('list as product departments exactly those whose pages are the catalog', () => {
    const catalog = departmentIds.filter((id) => departments[id].pages === 'catalog');
    expect([...productDepartmentIds].sort()).toEqual([...catalog].sort());
    expect(departmentIds.filter((id) => isProductDepartmentId(id))).toEqual(catalog);
    expect(isProductDepartmentId('bakery')).toBe(false);
  });

  it('give every catalog department the menu of the screens that exist, admin pages for its manager and admins', () => {
    const catalogMenu = [
      ['home', 'staff'],
      ['order-item', 'staff'],
      // Issue 25: a sale of several items, for every member.
      ['sale', 'staff'],
      ['orders', 'staff'],
      // Issue 15: every member may see what runs low.
      ['low-stock', 'staff'],
      ['admin/upload', 'manager'],
      ['admin/manage', 'manager'],
      // Issue 25: the department's staff, for its manager (and admins).
      ['admin/users', 'manager'],
      // Issue 25: the department's totals, revenue and reports, for its manager (and admins).
      ['admin/figures', 'manager'],
    ];
    // Godown's extras (spec section 2): bulk upload, stock transfers and movement logs, for its manager and admins.
    const godownExtras = [
      ['admin/bulk-upload', 'manager'],
      ['admin/move', 'manager'],
      ['admin/movement-logs', 'manager'],
      // Issue 15: stock counts, for godown staff and admins.
      ['counts', 'staff'],
      // Issue 25: goods received from suppliers, booked by godown staff.
      ['deliveries', 'staff'],
    ];
    for (const id of productDepartmentIds) {
      expect(departments[id].menu.map((item) => [item.screen, item.access])).toEqual(
        id === 'godown' ? [...catalogMenu, ...godownExtras] : catalogMenu,
      );
    }
  });

  it("give printing its print-job pages and its manager's Staff and Figures", () => {
    expect(departments.printing.menu.map((item) => [item.screen, item.access])).toEqual([
      ['home', 'staff'],
      ['orders', 'staff'],
      ['admin/users', 'manager'],
      ['admin/figures', 'manager'],
    ]);
  });

  it('carry their own id', () => {
    for (const id of departmentIds) expect(departments[id].id).toBe(id);
  });
});
