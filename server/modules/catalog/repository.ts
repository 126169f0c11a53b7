import type { Kysely, Selectable } from 'kysely';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import type { OrderJson } from '../../../domain/orders.ts';
import { productImagePath, type ProductJson } from '../../../domain/products.ts';
import type { DialectName } from '../../db/database.ts';
import { fixedQuery } from '../../db/fixed-query.ts';
import type { DatabaseSchema, OrdersTable, ProductsTable } from '../../db/schema.ts';

/**
 * Queries of the products/orders module. Every query is scoped by department, so an id from
 * another department is simply not found. Orders are keyed (department, id): the same order id
 * may exist once in each department, so every query or write that finds an order by id also
 * names its department. Functions take a Kysely handle that may be a transaction. Stock is written
 * only by the stock module (server/modules/stock/).
 *
 * Invariant for every write to `products` or `orders`, here or anywhere else: the database raises
 * the list's change version in the same transaction (triggers of migration 0004-list-versions; at
 * commit on PostgreSQL), so the incremental pull's 304 and the cached plain GET see every write
 * without the writer doing anything. Row triggers do not see TRUNCATE: never truncate these.
 */
type Db = Kysely<DatabaseSchema>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;

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

export function toOrderJson(row: OrderRow): OrderJson {
  return {
    _id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    productName: row.productName,
    quantity: Number(row.quantity),
    price: Number(row.price),
    total: Number(row.total),
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
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

export async function listOrders(db: Db, department: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('orderNumber', 'desc')
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

export async function findOrder(
  db: Db,
  department: string,
  id: string,
  lock?: DialectName,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .$if(lock === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}

/**
 * Whether the department has an order, live or deleted, with this id (a client id is never
 * reused). Orders are keyed (department, id) (migration 0010-orders-per-department): another
 * department's order never counts, so the answer says nothing about other departments.
 */
export async function orderIdExists(db: Db, department: string, id: string): Promise<boolean> {
  const { rows } = await orderIdExistsQuery.execute(db, [department, id]);
  return rows.length > 0;
}

// Every order a tablet places carries its client id, so this runs on the order path: compiled
// once. Values [department, id].
const orderIdExistsQuery = fixedQuery((db, p) =>
  db
    .selectFrom('orders')
    .select('id')
    .where('department', '=', p<string>(0))
    .where('id', '=', p<string>(1)),
);

// Values [department].
const nextOrderNumberQuery = fixedQuery((db, p) =>
  db
    .insertInto('order_sequences')
    .values({ department: p<string>(0), lastNumber: 1 })
    .onConflict((conflict) =>
      conflict.column('department').doUpdateSet((eb) => ({
        lastNumber: eb('order_sequences.lastNumber', '+', 1),
      })),
    )
    .returning('lastNumber'),
);

/** The next number of the department's order sequence (1, 2, …), inside the caller's transaction. */
export async function nextOrderNumber(db: Db, department: string): Promise<number> {
  const { rows } = await nextOrderNumberQuery.execute(db, [department]);
  const row = rows[0];
  if (!row) throw new Error('The order sequence returned no number');
  return Number(row.lastNumber);
}

const orderColumns = [
  'id',
  'department',
  'orderNumber',
  'orderId',
  'productId',
  'productName',
  'quantity',
  'price',
  'total',
  'status',
  'userId',
  'deletedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof OrderRow)[];

// Values: the row's columns in `orderColumns` order.
const insertOrderQuery = fixedQuery((db, p) =>
  db
    .insertInto('orders')
    .values(
      Object.fromEntries(orderColumns.map((column, index) => [column, p(index)])) as OrderRow,
    ),
);

/** Inserts a new order row (every column given). */
export async function insertOrder(db: Db, row: OrderRow): Promise<void> {
  await insertOrderQuery.execute(
    db,
    orderColumns.map((column) => row[column]),
  );
}
