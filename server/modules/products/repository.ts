import { sql, type Kysely, type Selectable } from 'kysely';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import { productImagePath, type ProductJson } from '../../../domain/products.ts';
import type { DialectName } from '../../db/database.ts';
import type { DatabaseSchema, ProductsTable } from '../../db/schema.ts';

/**
 * Queries of the products module. Every query is scoped by department, so an id from another
 * department is simply not found. Functions take a Kysely handle that may be a transaction. Stock
 * is written only by the stock module (server/modules/stock/).
 *
 * Invariant for every write to `products` or `orders`, here or anywhere else: the database raises
 * the list's change version in the same transaction (triggers of migration 0004-list-versions; at
 * commit on PostgreSQL), so the incremental pull's 304 and the cached plain GET see every write
 * without the writer doing anything. Row triggers do not see TRUNCATE: never truncate these.
 */
type Db = Kysely<DatabaseSchema>;
export type ProductRow = Selectable<ProductsTable>;

export function toProductJson(row: ProductRow, descriptor: DepartmentDescriptor): ProductJson {
  const json: ProductJson = {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    quantity: Number(row.quantity),
    image: productImagePath(row.imageId),
    version: Number(row.version),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (descriptor.extraFields.includes('location')) json.location = row.location;
  if (descriptor.extraFields.includes('condition')) json.condition = row.condition;
  if (descriptor.extraFields.includes('nutrients')) json.nutrients = row.nutrients;
  // Only when set: a product without them keeps the spec's shape (domain/inventory-fields.ts).
  if (row.barcode !== null) json.barcode = row.barcode;
  if (row.reorderLevel !== null) json.reorderLevel = Number(row.reorderLevel);
  return json;
}

export async function listProducts(db: Db, department: string): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The live products of `listProducts`, in its order, after `after` (from the first when
 * undefined), at most `limit`: the pages the cached plain GET is built from (decision 0034).
 * createdAt and id never change for a product, so a row keeps its place. Served by the
 * (department, createdAt, id) index of migration 0015.
 */
export async function listProductsPage(
  db: Db,
  department: string,
  after: Pick<ProductRow, 'createdAt' | 'id'> | undefined,
  limit: number,
): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after?.createdAt ?? '', after?.id ?? '')),
      ),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * A live product of the department. `lock` takes a row lock on PostgreSQL (SELECT … FOR UPDATE);
 * SQLite runs one write transaction at a time, so it needs none.
 */
export async function findProduct(
  db: Db,
  department: string,
  id: string,
  lock?: DialectName,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .$if(lock === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}

/**
 * Whether any product of any department, live or deleted, has this id: products are keyed by id
 * alone. Only admins choose product ids (product create, stock transfers), and an admin sees
 * every department anyway (decision 0014).
 */
/** The live product of `department` with this barcode (the partial unique index of 0011). */
export async function findProductByBarcode(
  db: Db,
  department: string,
  barcode: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('department', '=', department)
    .where('barcode', '=', barcode)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function productIdExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * The department's live product of this name kept at this location (both case-insensitive, as a
 * transfer merges them), the oldest if several.
 */
export async function findProductAtLocation(
  db: Db,
  department: string,
  name: string,
  location: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .where(sql`lower(name)`, '=', sql`lower(${name})`)
    .where(sql`lower(location)`, '=', sql`lower(${location})`)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
}
