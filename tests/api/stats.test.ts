import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentIds } from '../../domain/departments.ts';
import { statsSchema, type Stats } from '../../domain/stats.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';
import { insertOrderAt } from './admin-fixtures.ts';

describeEachDatabase('admin counters and /stats', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let hardwareClerk: TestUser;
  let godownClerk: TestUser;
  let printingClerk: TestUser;
  let hardwareStock: () => Promise<number>;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    hardwareClerk = await createUser(t, { role: 'employee', category: 'hardware' });
    godownClerk = await createUser(t, { role: 'employee', category: 'godown' });
    printingClerk = await createUser(t, { role: 'employee', category: 'printing' });
    // Hardware: two products (10 + 5 units), two orders (3 × 1,000 and 1 × 2,500), one deleted.
    const hammer = await seedProduct(t, 'hardware', { price: 1_000, quantity: 10 });
    const saw = await seedProduct(t, 'hardware', { price: 2_500, quantity: 5 });
    const deletedProduct = await seedProduct(t, 'hardware', { quantity: 99 });
    await t.db
      .updateTable('products')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', deletedProduct)
      .execute();
    expect(
      (await placeOrder(t, hardwareClerk, { productId: hammer, quantity: 3 })).statusCode,
    ).toBe(201);
    expect((await placeOrder(t, hardwareClerk, { productId: saw, quantity: 1 })).statusCode).toBe(
      201,
    );
    const cancelled = await placeOrder(t, hardwareClerk, { productId: saw, quantity: 1 });
    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/v1/hardware/orders/${cancelled.json<{ _id: string }>()._id}`,
      token: admin,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    hardwareStock = async () => (await stockOf(t, hammer)) + (await stockOf(t, saw));
    // Godown: one product of 40 units, no orders.
    await seedProduct(t, 'godown', { price: 500, quantity: 40, location: 'Dar' });
    // Printing: two live jobs (10 × 1,500 and 3 × 2,000; the client's totals are ignored) and one
    // deleted.
    const printingJob = (price: number, quantity: number) =>
      request(t, {
        method: 'POST',
        url: '/api/v1/printing/orders',
        token: printingClerk,
        payload: { description: 'Flyers', price, quantity, contact: '0712345678', totalPrice: 1 },
      });
    expect((await printingJob(1_500, 10)).statusCode).toBe(201);
    expect((await printingJob(2_000, 3)).statusCode).toBe(201);
    const cancelledJob = await printingJob(9_000, 9);
    const deletedJob = await request(t, {
      method: 'DELETE',
      url: `/api/v1/printing/orders/${cancelledJob.json<{ _id: string }>()._id}`,
      token: admin,
    });
    expect(deletedJob.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) =>
    request(t, { method: 'GET', url: `/api/v1${url}`, token: user });

  it('counts a department’s live orders, their sales and its products and stock units', async () => {
    expect((await get(admin, '/hardware/orders-count')).json()).toEqual({ totalCount: 2 });
    expect((await get(admin, '/hardware/sales-total')).json()).toEqual({ totalSales: 5_500 });
    // The deleted product counts neither as a product nor with its 99 units.
    expect((await get(admin, '/hardware/products-count')).json()).toEqual({
      totalProducts: 2,
      totalStockUnits: await hardwareStock(),
    });
  });

  it('answers zeros for a department with nothing in it', async () => {
    expect((await get(admin, '/fresh-oil/orders-count')).json()).toEqual({ totalCount: 0 });
    expect((await get(admin, '/fresh-oil/sales-total')).json()).toEqual({ totalSales: 0 });
    expect((await get(admin, '/fresh-oil/products-count')).json()).toEqual({
      totalProducts: 0,
      totalStockUnits: 0,
    });
  });

  it('counts printing’s live orders and sums their server-computed totalPrice', async () => {
    expect((await get(admin, '/printing/orders-count')).json()).toEqual({ totalCount: 2 });
    expect((await get(admin, '/printing/sales-total')).json()).toEqual({ totalSales: 21_000 });
    expect((await get(admin, '/printing/products-count')).json()).toEqual({
      totalProducts: 0,
      totalStockUnits: 0,
    });
  });

  it('sums every department in /stats and lists each one, empty ones with zeros', async () => {
    const res = await get(admin, '/stats');
    expect(res.statusCode).toBe(200);
    const stats: Stats = statsSchema.parse(res.json());
    expect(stats.departments.map((entry) => entry.department)).toEqual([...departmentIds]);
    const hardware = stats.departments.find((entry) => entry.department === 'hardware');
    const godown = stats.departments.find((entry) => entry.department === 'godown');
    const printing = stats.departments.find((entry) => entry.department === 'printing');
    expect(hardware).toMatchObject({
      totalOrders: 2,
      totalSales: 5_500,
      totalProducts: 2,
      totalUsers: 2,
    });
    expect(godown).toMatchObject({
      totalOrders: 0,
      totalSales: 0,
      totalProducts: 1,
      totalStockUnits: 40,
      totalUsers: 1,
    });
    expect(printing).toMatchObject({
      totalOrders: 2,
      totalSales: 21_000,
      totalProducts: 0,
      totalUsers: 1,
    });
    expect(stats.totals).toMatchObject({
      totalOrders: 4,
      totalSales: 26_500,
      totalProducts: 3,
      totalStockUnits: (await hardwareStock()) + 40,
      totalUsers: 4,
    });
    // Everything above was made this week (the system clock): it is all this week's activity.
    expect(stats.totals.trend).toEqual({
      orders: { current: 4, previous: 0 },
      sales: { current: 26_500, previous: 0 },
      products: { current: 3, previous: 0 },
      users: { current: 4, previous: 0 },
    });
    expect(printing?.trend.orders).toEqual({ current: 2, previous: 0 });
  });

  describe('access', () => {
    const urls = [
      '/stats',
      '/hardware/orders-count',
      '/hardware/sales-total',
      '/hardware/products-count',
    ];

    it('refuses employees, even of the department asked for', async () => {
      for (const url of urls) {
        for (const user of [hardwareClerk, godownClerk, printingClerk]) {
          const res = await get(user, url);
          expect(res.statusCode, url).toBe(403);
          expect(res.json()).toEqual({ message: 'Access denied' });
        }
      }
    });

    it('refuses anonymous callers', async () => {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('has no counters for an unknown department', async () => {
      expect((await get(admin, '/bakery/orders-count')).statusCode).toBe(404);
    });
  });
});

describeEachDatabase('/stats: this week against last week in the business time zone', (target) => {
  let t: TestApp;
  let admin: TestUser;
  // The app's clock: Wednesday 2026-11-25 12:00 in Dar es Salaam. This week began on Sunday
  // 2026-11-22 00:00 local = 2026-11-21T21:00Z; last week on 2026-11-14T21:00Z.
  let now = new Date('2026-11-25T09:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp(target, { clock: () => now });
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    const createdAt = (id: string, at: string) =>
      t.db.updateTable('users').set({ createdAt: at }).where('id', '=', id).execute();
    await createdAt(admin.id, '2026-11-10T08:00:00.000Z');
    const clerk = await createUser(t, { role: 'employee', category: 'godown' });
    await createdAt(clerk.id, '2026-11-21T21:00:00.000Z'); // Sunday 00:00 local: this week
    const older = await createUser(t, { role: 'employee', category: 'godown' });
    await createdAt(older.id, '2026-11-21T20:59:59.999Z'); // Saturday 23:59:59.999: last week

    // Hardware: one order at this week's first instant, one at last week's last, one the week
    // before (neither), one deleted this week (never counts).
    await insertOrderAt(t, 'hardware', '2026-11-21T21:00:00.000Z', { quantity: 2, price: 1_500 });
    await insertOrderAt(t, 'hardware', '2026-11-21T20:59:59.999Z', { quantity: 1, price: 4_000 });
    await insertOrderAt(t, 'hardware', '2026-11-14T20:59:59.999Z', { quantity: 1, price: 9_999 });
    await insertOrderAt(t, 'hardware', '2026-11-23T10:00:00.000Z', {
      price: 7_777,
      deletedAt: '2026-11-23T11:00:00.000Z',
    });
    // Printing counts its jobs and their totalPrice.
    await insertOrderAt(t, 'printing', '2026-11-25T08:59:59.000Z', { quantity: 10, price: 200 });
    await insertOrderAt(t, 'printing', '2026-11-16T08:00:00.000Z', { quantity: 3, price: 500 });
    // Products: one added this week, one last week.
    const thisWeek = await seedProduct(t, 'godown', { location: 'Dar' });
    const lastWeek = await seedProduct(t, 'hardware');
    const productCreated = (id: string, at: string) =>
      t.db.updateTable('products').set({ createdAt: at }).where('id', '=', id).execute();
    await productCreated(thisWeek, '2026-11-24T06:00:00.000Z');
    await productCreated(lastWeek, '2026-11-18T06:00:00.000Z');
  });
  afterAll(() => t.close());

  const stats = async (): Promise<Stats> => {
    const res = await request(t, { method: 'GET', url: '/api/v1/stats', token: admin });
    expect(res.statusCode).toBe(200);
    return statsSchema.parse(res.json());
  };
  const of = (result: Stats, department: string) => {
    const entry = result.departments.find((item) => item.department === department);
    if (!entry) throw new Error(`no ${department} in /stats`);
    return entry;
  };

  it('names the two weeks compared, Sunday 00:00 local to the next Sunday 00:00', async () => {
    expect((await stats()).period).toEqual({
      startDate: '2026-11-21T21:00:00.000Z',
      endDate: '2026-11-28T21:00:00.000Z',
      previousStartDate: '2026-11-14T21:00:00.000Z',
      previousEndDate: '2026-11-21T21:00:00.000Z',
    });
  });

  it('puts each order, product and user in the week of its local creation time', async () => {
    const result = await stats();
    expect(of(result, 'hardware').trend).toEqual({
      orders: { current: 1, previous: 1 },
      sales: { current: 3_000, previous: 4_000 },
      products: { current: 0, previous: 1 },
      users: { current: 0, previous: 0 },
    });
    expect(of(result, 'printing').trend).toEqual({
      orders: { current: 1, previous: 1 },
      sales: { current: 2_000, previous: 1_500 },
      products: { current: 0, previous: 0 },
      users: { current: 0, previous: 0 },
    });
    expect(of(result, 'godown').trend).toEqual({
      orders: { current: 0, previous: 0 },
      sales: { current: 0, previous: 0 },
      products: { current: 1, previous: 0 },
      users: { current: 1, previous: 1 },
    });
    expect(result.totals.trend).toEqual({
      orders: { current: 2, previous: 2 },
      sales: { current: 5_000, previous: 5_500 },
      products: { current: 1, previous: 1 },
      users: { current: 1, previous: 1 },
    });
  });

  it('moves to the next week exactly at Sunday 00:00 local time', async () => {
    now = new Date('2026-11-28T20:59:59.999Z'); // Saturday 23:59:59.999 local: same week
    expect((await stats()).totals.trend.orders).toEqual({ current: 2, previous: 2 });
    now = new Date('2026-11-28T21:00:00.000Z'); // Sunday 00:00 local: the next week
    const result = await stats();
    expect(result.period.previousStartDate).toBe('2026-11-21T21:00:00.000Z');
    expect(result.totals.trend.orders).toEqual({ current: 0, previous: 2 });
    expect(result.totals.trend.sales).toEqual({ current: 0, previous: 5_000 });
    now = new Date('2026-11-25T09:00:00.000Z');
  });
});
