import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, expect, it } from 'vitest';
import { changedFields, type AuditPage } from '../../domain/audit.ts';
import { formatOrderId, type OrderJson } from '../../domain/orders.ts';
import type { PrintingOrderJson } from '../../domain/printing.ts';
import { nowIso } from '../../server/db/database.ts';
import { loadMigrations } from '../../server/db/migration-files.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  openTestDatabase,
  request,
  type TestApp,
} from './harness.ts';

/**
 * Order numbers and the order statement of decision 0033 (migration 0014-order-number-sequences):
 * on PostgreSQL an order is one statement and its number comes from the department's sequence;
 * on SQLite nothing changed. On both: numbers continue after the ones a database already had,
 * stay unique and rising per department under concurrent orders (printing jobs too), the last
 * units are never oversold, and the order id text and audit entry are what the domain makes.
 */
type Db = Kysely<DatabaseSchema>;

async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => loadMigrations() } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

const numbersOf = (orders: readonly OrderJson[]) =>
  orders.map((order) => Number(order.orderId.slice('ORD-HW-'.length))).sort((a, b) => a - b);

describeEachDatabase('order numbers', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('continue after the numbers a database already had, unique and rising under concurrent orders', async () => {
    const opened = await openTestDatabase(target);
    const { db } = opened;
    await migrateTo(db, '0013-condition-from-reorder-level');
    const productId = await seedProduct({ db }, 'hardware', { quantity: 100 });
    const now = nowIso();
    await db
      .insertInto('orders')
      .values({
        id: randomUUID(),
        department: 'hardware',
        orderNumber: 41,
        orderId: formatOrderId('HW', 41),
        productId,
        productName: 'Seeded',
        quantity: 1,
        price: 1_000,
        total: 1_000,
        status: 'pending',
        userId: randomUUID(),
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('order_sequences')
      .values([
        { department: 'hardware', lastNumber: 41 },
        { department: 'printing', lastNumber: 7 },
      ])
      .execute();

    t = await buildTestApp(target, { database: opened });
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const app = t;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(app, clerk, { productId, quantity: 1 }, { key: randomUUID() }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    const placed = answers.map((answer) => answer.json<OrderJson>());
    // Unique, after 41; on SQLite without a gap (one writer at a time).
    const numbers = numbersOf(placed);
    expect(new Set(numbers).size).toBe(20);
    expect(Math.min(...numbers)).toBe(42);
    if (target.name === 'sqlite') expect(Math.max(...numbers)).toBe(61);
    for (const order of placed) {
      expect(order.orderId).toBe(formatOrderId('HW', Number(order.orderId.slice(7))));
    }

    // Another department starts at 1; printing jobs continue their own numbering.
    const godownClerk = await createUser(t, { role: 'employee', category: 'godown' });
    const godownProduct = await seedProduct(t, 'godown', { quantity: 5 });
    const godownOrder = await placeOrder(
      t,
      godownClerk,
      { productId: godownProduct, quantity: 1 },
      { department: 'godown' },
    );
    expect(godownOrder.json<OrderJson>().orderId).toBe('ORD-GD-000001');
    const printer = await createUser(t, { role: 'employee', category: 'printing' });
    const job = await request(t, {
      method: 'POST',
      url: '/api/v1/printing/orders',
      token: printer,
      payload: {
        description: 'Cards',
        price: 100,
        quantity: 3,
        contact: '0712 345 678',
        category: 'cards',
      },
    });
    expect(job.statusCode).toBe(201);
    expect(job.json<PrintingOrderJson>().receiptNumber).toBe('PR-000008');

    // A refused order takes no number: the next one follows the last without a gap.
    const short = await placeOrder(t, clerk, { productId, quantity: 1_000 });
    expect(short.statusCode).toBe(409);
    const next = await placeOrder(t, clerk, { productId, quantity: 1 });
    expect(numbersOf([next.json<OrderJson>()])).toEqual([Math.max(...numbers) + 1]);
  });

  it('never sells more than the last units to concurrent orders of several units', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 25 });
    const app = t;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        placeOrder(app, clerk, { productId, quantity: 2 }, { key: randomUUID() }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(statuses.filter((status) => status === 409)).toHaveLength(28);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json<{ available: number }>().available).toBeLessThan(2);
    }
    expect(await stockOf(t, productId)).toBe(1);
    expect(await orderCount(t, productId)).toBe(12);
    const placed = answers.filter((each) => each.statusCode === 201);
    expect(new Set(placed.map((each) => each.json<OrderJson>().orderId)).size).toBe(12);
  });

  it("records the order's audit entry and answer as the domain makes them, and takes nothing for a repeated id", async () => {
    t = await buildTestApp(target);
    const admin = await createUser(t, { role: 'admin' });
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    // Quotes, a backslash, a tab and non-ASCII letters: the JSON text made in SQL must match.
    const productId = await seedProduct(t, 'hardware', {
      quantity: 10,
      price: 2_500,
      name: 'Ndoo "kubwa" \\ 20L\t— ñ',
    });
    const id = randomUUID();
    const placed = await placeOrder(t, clerk, { _id: id, productId, quantity: 3 });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<OrderJson>();
    expect(order).toMatchObject({ _id: id, quantity: 3, price: 2_500, total: 7_500 });
    const audit = await request(t, {
      method: 'GET',
      url: `/api/v1/audit?entity=order`,
      token: admin,
    });
    const entry = audit.json<AuditPage>().entries.find((each) => each.entityId === id);
    expect(entry).toMatchObject({ action: 'create', department: 'hardware', userId: clerk.id });
    expect(entry?.changes).toEqual(changedFields(null, { ...order }));

    // A repeat of the key is answered with the stored answer, the same bytes as the first one
    // (on PostgreSQL the order statement wrote that record itself).
    const key = randomUUID();
    const keyed = await placeOrder(t, clerk, { productId, quantity: 2 }, { key });
    expect(keyed.statusCode).toBe(201);
    const replay = await placeOrder(t, clerk, { productId, quantity: 2 }, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(keyed.body);
    expect(await stockOf(t, productId)).toBe(5);

    const again = await placeOrder(t, clerk, { _id: id, productId, quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t, productId)).toBe(5);
    expect(await orderCount(t, productId)).toBe(2);
  });

  it('stores the godown condition the new stock gives', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'godown' });
    const productId = await seedProduct(t, 'godown', { quantity: 12 });
    const placed = await placeOrder(
      t,
      clerk,
      { productId, quantity: 12 },
      { department: 'godown' },
    );
    expect(placed.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('products')
      .select(['quantity', 'condition'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect({ quantity: Number(row.quantity), condition: row.condition }).toEqual({
      quantity: 0,
      condition: 'out of stock',
    });
  });
});
