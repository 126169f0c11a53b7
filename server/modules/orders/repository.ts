import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import type { OrderJson } from '../../../domain/orders.ts';
import type { DialectName } from '../../db/database.ts';
import { fixedQuery } from '../../db/fixed-query.ts';
import type { DatabaseSchema, OrdersTable } from '../../db/schema.ts';

/**
 * Queries of the orders module. Orders are keyed (department, id): the same order id may exist
 * once in each department, so every query or write that finds an order by id also names its
 * department. Functions take a Kysely handle that may be a transaction. The list-version
 * triggers raise the orders list's version with every write (server/modules/products/
 * repository.ts states the invariant).
 */
type Db = Kysely<DatabaseSchema>;

export const orderWriteMessages = {
  orderIdTaken: 'An order with this id already exists',
} as const;

export type OrderRow = Selectable<OrdersTable>;

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
    saleId: row.saleId ?? null,
    saleNumber: row.saleNumber ?? null,
  };
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

// Values [department]. SQLite's counter row: one writer at a time, so it is never contended, and
// a rolled-back order leaves no gap.
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

// PostgreSQL: the department's sequence (migration 0014, decision 0033), no row lock. Values
// [department].
const nextOrderNumberPostgres = fixedQuery((db, p) =>
  db.selectNoFrom((eb) =>
    eb.fn<number>('next_order_number', [eb.val(p<string>(0))]).as('lastNumber'),
  ),
);

/**
 * The next number of the department's order sequence (1, 2, …), inside the caller's transaction:
 * unique and rising per department on both databases; on PostgreSQL a rolled-back order leaves a
 * gap (decision 0033).
 */
export async function nextOrderNumber(db: Db, department: string): Promise<number> {
  const query =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? nextOrderNumberPostgres
      : nextOrderNumberQuery;
  const { rows } = await query.execute(db, [department]);
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
  'saleId',
  'saleNumber',
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
