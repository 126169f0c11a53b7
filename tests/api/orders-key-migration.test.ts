import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, expect, it } from 'vitest';
import type { OrderJson } from '../../domain/orders.ts';
import { isUniqueViolation, nowIso } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { loadMigrations } from '../../server/db/migration-files.ts';
import type { DatabaseSchema, OrdersTable } from '../../server/db/schema.ts';
import { placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  openTestDatabase,
  request,
  type TestApp,
  type TestDatabase,
} from './harness.ts';

/**
 * Migration 0010-orders-per-department on a database that already holds orders: the key becomes
 * (department, id) and nothing else changes (rows, list versions, indexes, triggers), on SQLite
 * (a table rebuild) and PostgreSQL (the key changed in place).
 */
const before = '0009-settings-support';
const orderIndexes = [
  'orders_department_created_idx',
  'orders_department_updated_id_idx',
  'orders_product_idx',
];

type Db = Kysely<DatabaseSchema>;

async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => loadMigrations() } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

function orderRow(department: string, productId: string, values: Partial<OrdersTable> = {}) {
  const now = nowIso();
  const id = values.id ?? randomUUID();
  return {
    id,
    department,
    orderNumber: 1,
    orderId: `ORD-T-${randomUUID()}`,
    productId,
    productName: 'Seeded',
    quantity: 2,
    price: 1_000,
    total: 2_000,
    status: 'pending',
    userId: randomUUID(),
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
    ...values,
  };
}

const allOrders = (db: Db) =>
  db.selectFrom('orders').selectAll().orderBy('department').orderBy('id').execute();
// The columns of 0010's time (0018 adds `shard`, 0 for these rows).
const versions = (db: Db) =>
  db
    .selectFrom('list_versions')
    .select(['department', 'list', 'version', 'lastTx'])
    .orderBy('department')
    .orderBy('list')
    .execute();

async function indexesOfOrders(db: Db, dialect: string): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where tablename = 'orders'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'orders'`.execute(db);
  return rows.map((row) => row.name);
}

/** Whether a table of this name exists (a half-done rebuild would leave `orders_rebuilt`). */
async function tableExists(db: Db, dialect: string, name: string): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ found: unknown }>`select to_regclass(${name}) as found`.execute(db)
      : await sql<{ found: unknown }>`select name as found from sqlite_master
          where type = 'table' and name = ${name}`.execute(db);
  return rows.some((row) => row.found !== null);
}

async function insertFails(db: Db, row: ReturnType<typeof orderRow>): Promise<boolean> {
  try {
    await db.insertInto('orders').values(row).execute();
    return false;
  } catch (error) {
    if (isUniqueViolation(error)) return true;
    throw error;
  }
}

describeEachDatabase('migration 0010-orders-per-department', (target) => {
  let opened: TestDatabase | undefined;
  let app: TestApp | undefined;
  afterEach(async () => {
    if (app) await app.close();
    else await opened?.close();
    app = undefined;
    opened = undefined;
  });

  /** A database at migration 0009 with live and deleted orders in two departments. */
  async function filledDatabase() {
    opened = await openTestDatabase(target);
    const { db } = opened;
    await migrateTo(db, before);
    const hardwareProduct = await seedProduct({ db }, 'hardware', { quantity: 20 });
    const stationeryProduct = await seedProduct({ db }, 'stationery', { quantity: 20 });
    const rows = [
      orderRow('hardware', hardwareProduct),
      orderRow('hardware', hardwareProduct, { deletedAt: nowIso() }),
      orderRow('stationery', stationeryProduct, { quantity: 3, total: 3_000 }),
    ];
    await db.insertInto('orders').values(rows).execute();
    return { db, rows, hardwareProduct, stationeryProduct };
  }

  it('keeps every order, list version, index and trigger, and keys orders per department', async () => {
    const { db, rows, hardwareProduct } = await filledDatabase();
    const ordersBefore = await allOrders(db);
    const versionsBefore = await versions(db);
    expect(ordersBefore).toHaveLength(3);

    await migrateToLatest(db);
    const dialect = opened?.dialect ?? target.name;
    // Later migrations add columns (0016: the sale of an order line, null for these).
    expect(await allOrders(db)).toEqual(
      ordersBefore.map((row) => ({ ...row, saleId: null, saleNumber: null })),
    );
    expect(await versions(db)).toEqual(versionsBefore);
    const indexes = await indexesOfOrders(db, dialect);
    for (const name of orderIndexes) expect(indexes).toContain(name);

    // The key: a stationery order's id is free in hardware, taken in stationery.
    const stationeryId = rows[2]?.id ?? '';
    expect(
      await insertFails(db, orderRow('stationery', hardwareProduct, { id: stationeryId })),
    ).toBe(true);
    // orderId stays unique across the table.
    expect(
      await insertFails(db, orderRow('hardware', hardwareProduct, { orderId: rows[0]?.orderId })),
    ).toBe(true);

    // The app on the upgraded database: old orders listed, the list-version triggers bump, an
    // employee may reuse the stationery order's id in hardware.
    app = await buildTestApp(target, { database: opened });
    const clerk = await createUser(app, { role: 'employee', category: 'hardware' });
    const listed = await request(app, {
      method: 'GET',
      url: '/api/v1/hardware/orders',
      token: clerk,
    });
    expect(listed.json<OrderJson[]>().map((order) => order._id)).toEqual([rows[0]?.id]);
    // The sum of the list's counters (one per shard on PostgreSQL, migration 0018).
    const versionOf = async () =>
      (
        await db
          .selectFrom('list_versions')
          .select('version')
          .where('department', '=', 'hardware')
          .where('list', '=', 'orders')
          .execute()
      ).reduce((sum, row) => sum + Number(row.version), 0);
    const version = await versionOf();
    const placed = await placeOrder(app, clerk, {
      _id: stationeryId,
      productId: hardwareProduct,
      quantity: 4,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<OrderJson>()._id).toBe(stationeryId);
    expect(await stockOf(app, hardwareProduct)).toBe(16);
    expect(await versionOf()).toBeGreaterThan(version);
    const again = await placeOrder(app, clerk, {
      _id: stationeryId,
      productId: hardwareProduct,
      quantity: 1,
    });
    expect(again.statusCode).toBe(409);
  });

  it('goes back down while no id is in two departments, and refuses without a change when one is', async () => {
    const { db, rows, hardwareProduct } = await filledDatabase();
    const ordersBefore = await allOrders(db);
    await migrateToLatest(db);
    await migrateTo(db, before);
    expect(await allOrders(db)).toEqual(ordersBefore);
    // One key for the table again.
    expect(
      await insertFails(db, orderRow('stationery', hardwareProduct, { id: rows[0]?.id })),
    ).toBe(true);

    await migrateToLatest(db);
    await db
      .insertInto('orders')
      .values(orderRow('stationery', hardwareProduct, { id: rows[0]?.id }))
      .execute();
    const withDuplicate = await allOrders(db);
    await expect(migrateTo(db, before)).rejects.toThrow();
    // On SQLite the later migrations' downs (each its own step there) ran before 0010's refused:
    // 0016's took the sale columns away. The rows themselves are unchanged.
    const withoutSale = ({ saleId: _id, saleNumber: _number, ...row }: Record<string, unknown>) =>
      row;
    expect((await allOrders(db)).map(withoutSale)).toEqual(withDuplicate.map(withoutSale));
    const dialect = opened?.dialect ?? target.name;
    expect(await tableExists(db, dialect, 'orders_rebuilt')).toBe(false);
    for (const name of orderIndexes) expect(await indexesOfOrders(db, dialect)).toContain(name);
    // Still at the latest schema: the same id may be added to a third department.
    await db
      .insertInto('orders')
      .values(orderRow('godown', hardwareProduct, { id: rows[0]?.id }))
      .execute();
  });
});
