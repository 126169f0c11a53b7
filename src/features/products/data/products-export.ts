import {
  departments,
  type DepartmentDescriptor,
  type DepartmentId,
} from '../../../../domain/departments.ts';
import { reorderLevelOf } from '../../../../domain/low-stock.ts';
import { businessDateTime, type Cell, type Sheet } from '../../../../domain/sheet.ts';
import { db as defaultDb, type AppDatabase, type ProductRecord } from '../../../db/database.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';
import { listProducts } from '../../department/product-list.ts';
import { conditionLook } from '../../department/stock-badge-look.ts';

type ExtraField = DepartmentDescriptor['extraFields'][number];

const extraFieldOrder: readonly ExtraField[] = ['location', 'condition', 'nutrients'];

const extraFieldLabels = {
  location: 'inventory.export.col.location',
  condition: 'inventory.export.col.condition',
  nutrients: 'inventory.export.col.nutrients',
} as const satisfies Record<ExtraField, MessageKey>;

/**
 * The products of the departments, from the mirror, in the manage table's order (department,
 * then natural order of names): the export reads Dexie only, so it works offline.
 */
export async function readProductsForExport(
  depts: readonly DepartmentId[],
  db: AppDatabase = defaultDb,
): Promise<ProductRecord[]> {
  const lists = await Promise.all(depts.map((dept) => listProducts(dept, db)));
  return lists.flat();
}

/**
 * One row per product under a header in the UI's language. Department differences are the
 * descriptors' data: the extra columns are those of any exported department (godown's location
 * and condition, animal-feeding's nutrients), and a Department column leads when there are
 * several. The condition and reorder level are what the screens show (the condition derived from
 * the quantity, the department's level where the product has none).
 */
export function productsSheet(
  products: readonly ProductRecord[],
  depts: readonly DepartmentId[],
  t: TranslateFn,
  timeZone?: string,
): Sheet {
  const several = depts.length > 1;
  const extras = extraFieldOrder.filter((field) =>
    depts.some((dept) => departments[dept].extraFields.includes(field)),
  );
  const header: Cell[] = [
    ...(several ? [t('inventory.export.col.department')] : []),
    t('inventory.export.col.product'),
    t('inventory.export.col.description'),
    t('inventory.export.col.price'),
    t('inventory.export.col.quantity'),
    ...extras.map((field) => t(extraFieldLabels[field])),
    t('inventory.export.col.barcode'),
    t('inventory.export.col.reorderLevel'),
    t('inventory.export.col.updatedAt'),
    t('inventory.export.col.productId'),
  ];
  const rows = products.map((product): Cell[] => {
    const descriptor = departments[product.department as DepartmentId];
    return [
      ...(several ? [t(descriptor.nameKey as MessageKey)] : []),
      product.name,
      product.description,
      product.price,
      product.quantity,
      ...extras.map((field) => extraCell(product, descriptor, field, t)),
      product.barcode ?? '',
      reorderLevelOf(product, descriptor),
      businessDateTime(product.updatedAt, timeZone),
      product._id,
    ];
  });
  return [header, ...rows];
}

function extraCell(
  product: ProductRecord,
  descriptor: DepartmentDescriptor,
  field: ExtraField,
  t: TranslateFn,
): Cell {
  if (!descriptor.extraFields.includes(field)) return '';
  if (field === 'condition') return t(conditionLook(product, descriptor).labelKey);
  return product[field] ?? '';
}
