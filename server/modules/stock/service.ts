import { sql, type Kysely, type Selectable } from 'kysely';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import { fixedQuery } from '../../db/fixed-query.ts';
import type { DatabaseSchema, ProductsTable } from '../../db/schema.ts';
import { storedCondition, type StoredStock } from './condition.ts';

/**
 * The one writer of stock: `products.quantity` and the godown `condition` it decides. Orders,
 * transfers, stock counts, bulk upload and product edits change stock only through these
 * functions (tests/api/stock-ownership.test.ts fails on any other UPDATE of those columns);
 * creating a product with its first quantity stays an INSERT of its owner.
 *
 * Invariants:
 * - Every function runs on the caller's handle (`trx`), inside the caller's transaction, so a
 *   stock change commits with the order, transfer, count or edit that made it (and never waits
 *   on the plain `db` while that transaction is open: group commit, decision 0010).
 * - A decrement is one conditional UPDATE (… WHERE quantity >= amount): concurrent writers can
 *   never drive stock below 0 (the CHECK would refuse it anyway), and the row is locked by the
 *   UPDATE itself on PostgreSQL.
 * - In a department whose descriptor has the `condition` extra field, every quantity written
 *   here is followed by the condition it gives (condition.ts: one meaning of low stock, decision
 *   0023), in the same transaction.
 * - The list-version and stock-count triggers (migrations 0004, 0012) see every write here like
 *   any other: nothing more to do for the pull or an open count.
 */
type Db = Kysely<DatabaseSchema>;
export type StockRow = Selectable<ProductsTable>;
type StockDescriptor = Pick<DepartmentDescriptor, 'id' | 'extraFields' | 'lowStockThreshold'>;

/** Whether the department's products carry a condition, which follows every stock change. */
export function hasCondition(descriptor: StockDescriptor): boolean {
  return descriptor.extraFields.includes('condition');
}

/** Stores the condition a row's stock gives, where the department has one; the row as stored. */
async function storeCondition(
  trx: Db,
  descriptor: StockDescriptor,
  row: StockRow,
): Promise<StockRow> {
  if (!hasCondition(descriptor)) return row;
  const condition = storedCondition(row, descriptor);
  // Most orders leave the band as it was: no second UPDATE (and round trip) for those.
  if (condition === row.condition) return row;
  await trx.updateTable('products').set({ condition }).where('id', '=', row.id).execute();
  return { ...row, condition };
}

// The order path's statement is compiled once (server/db/fixed-query.ts): values [amount, now,
// productId, department].
const decrementQuery = fixedQuery((db, p) =>
  db
    .updateTable('products')
    .set((eb) => ({
      quantity: eb('quantity', '-', p<number>(0)),
      version: eb('version', '+', 1),
      updatedAt: p<string>(1),
    }))
    .where('id', '=', p<string>(2))
    .where('department', '=', p<string>(3))
    .where('deletedAt', 'is', null)
    .where('quantity', '>=', p<number>(0))
    .returningAll(),
);

/**
 * Takes `amount` units from a live product of the department if at least that many are in stock,
 * in one statement; never oversells. The row as it is now, or undefined when the product is
 * missing or short (nothing written then).
 */
export async function decrementStock(
  trx: Db,
  descriptor: StockDescriptor,
  productId: string,
  amount: number,
  now: string,
): Promise<StockRow | undefined> {
  const { rows } = await decrementQuery.execute(trx, [amount, now, productId, descriptor.id]);
  const row = rows[0];
  return row ? storeCondition(trx, descriptor, row) : undefined;
}

/**
 * Puts units back into a product of the department (an order reduced or deleted); also on a
 * deleted product, harmlessly.
 */
export async function returnStock(
  trx: Db,
  descriptor: StockDescriptor,
  productId: string,
  amount: number,
  now: string,
): Promise<void> {
  await raiseStock(trx, descriptor, productId, amount, now, 'in its department');
}

/** Adds `amount` to a live product (stock arriving); the row as it is now, or undefined if gone. */
export async function addStock(
  trx: Db,
  descriptor: StockDescriptor,
  productId: string,
  amount: number,
  now: string,
): Promise<StockRow | undefined> {
  return raiseStock(trx, descriptor, productId, amount, now, 'live');
}

/**
 * Adds `amount` to one product, a new version, and stores its condition; the row as it is now, or
 * undefined when no row matched: `in its department` takes a deleted product too, `live` only one
 * not deleted.
 */
async function raiseStock(
  trx: Db,
  descriptor: StockDescriptor,
  productId: string,
  amount: number,
  now: string,
  which: 'in its department' | 'live',
): Promise<StockRow | undefined> {
  const matched = trx
    .updateTable('products')
    .set((eb) => ({
      quantity: eb('quantity', '+', amount),
      version: eb('version', '+', 1),
      updatedAt: now,
    }))
    .where('id', '=', productId);
  const row = await (
    which === 'live'
      ? matched.where('deletedAt', 'is', null)
      : matched.where('department', '=', descriptor.id)
  )
    .returningAll()
    .executeTakeFirst();
  return row ? storeCondition(trx, descriptor, row) : undefined;
}

export interface SetStockOptions {
  /**
   * False when the caller's own UPDATE of the same row in this transaction already raised its
   * version (a product edit): one change, one version.
   */
  raiseVersion: boolean;
}

/**
 * Sets a product's stock to `quantity` (a count applied, a product edit). The caller decided the
 * value from the row it read in this transaction (locked on PostgreSQL). The row as it is now.
 */
export async function setStock(
  trx: Db,
  descriptor: StockDescriptor,
  productId: string,
  quantity: number,
  now: string,
  options: SetStockOptions,
): Promise<StockRow> {
  const row = await trx
    .updateTable('products')
    .set((eb) =>
      options.raiseVersion
        ? { quantity, version: eb('version', '+', 1), updatedAt: now }
        : { quantity, updatedAt: now },
    )
    .where('id', '=', productId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return storeCondition(trx, descriptor, row);
}

/** One product's new stock in `setStocks`. */
export interface StockLevel extends StoredStock {
  id: string;
  quantity: number;
}

/**
 * Sets the stock of many products in one UPDATE (CASE id WHEN … THEN … END), with the condition
 * each gets where the department has one (bulk upload: a stock sheet says how many there are).
 * The version is left alone: the caller's UPDATE of the same rows raised it. Chunking is the
 * caller's (it is also the size of its own statements).
 */
export async function setStocks(
  trx: Db,
  descriptor: StockDescriptor,
  levels: readonly StockLevel[],
  now: string,
): Promise<void> {
  if (levels.length === 0) return;
  const caseOf = <T>(value: (level: StockLevel) => T, type?: 'integer') =>
    sql<T>`case ${sql.ref('id')} ${sql.join(
      levels.map((level) =>
        type
          ? sql`when ${level.id} then cast(${value(level)} as ${sql.raw(type)})`
          : sql`when ${level.id} then ${value(level)}`,
      ),
      sql` `,
    )} end`;
  await trx
    .updateTable('products')
    .set({
      quantity: caseOf((level) => level.quantity, 'integer'),
      ...(hasCondition(descriptor)
        ? { condition: caseOf((level) => storedCondition(level, descriptor)) }
        : {}),
      updatedAt: now,
    })
    .where(
      'id',
      'in',
      levels.map((level) => level.id),
    )
    .execute();
}

/**
 * The order path's decrement on PostgreSQL, as the first part of the orders module's one-statement
 * order (orders/place-order-postgres.ts, decision 0033): the same conditional UPDATE as
 * `decrementStock`, kept here so stock keeps one writer. It also refuses when the department
 * already has an order with the statement's order id ($5), so a repeat takes nothing. Parameters:
 * $1 amount (integer), $2 now, $3 product id, $4 department, $5 order id. `precondition` is a
 * further condition of the caller's statement without which nothing is taken (the session check,
 * decision 0046), on the caller's own parameters. The caller runs `settleCondition` on the row it
 * returns.
 */
export function postgresOrderDecrement(precondition: string): string {
  return `update products
    set quantity = quantity - $1::integer, version = version + 1, "updatedAt" = $2::text
    where id = $3::text and department = $4::text and "deletedAt" is null
      and quantity >= $1::integer
      and not exists (select 1 from orders where department = $4::text and id = $5::text)
      and ${precondition}
    returning *`;
}

/**
 * Stores the condition a row's new stock gives, after `postgresOrderDecrement` (godown only),
 * in the same transaction; the row as stored.
 */
export function settleCondition(
  trx: Db,
  descriptor: StockDescriptor,
  row: StockRow,
): Promise<StockRow> {
  return storeCondition(trx, descriptor, row);
}
