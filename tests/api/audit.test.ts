import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditEntryJson, AuditPage } from '../../domain/audit.ts';
import type { OrderJson } from '../../domain/orders.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { placeOrder, seedProduct } from './catalog-fixtures.ts';

/**
 * The audit trail (issue 13): every change to products, orders, printing orders and users is
 * recorded with who, when (server and device) and the changed fields, in the change's own
 * transaction; admins read it through GET /api/v1/audit.
 */
describeEachDatabase('audit trail', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let clerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  const audit = async (query: string) => {
    const res = await request(t, { method: 'GET', url: `/api/v1/audit?${query}`, token: admin });
    expect(res.statusCode).toBe(200);
    return res.json<AuditPage>();
  };

  it('records an order with the clerk, the server time and the time it was made offline', async () => {
    const productId = await seedProduct(t, 'hardware', { price: 2_000, quantity: 10 });
    const madeAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const res = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/orders',
      token: clerk,
      headers: { 'x-made-at': madeAt },
      payload: { productId, quantity: 2 },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<OrderJson>();
    const { entries } = await audit(`entity=order&entityId=${order._id}`);
    expect(entries).toHaveLength(1);
    const entry = entries[0] as AuditEntryJson;
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'order',
      entityId: order._id,
      department: 'hardware',
      userId: clerk.id,
      userEmail: clerk.email,
      madeAt,
    });
    expect(Date.parse(entry.at)).toBeGreaterThan(Date.parse(madeAt));
    expect(entry.changes.quantity).toEqual({ before: null, after: 2 });
    expect(entry.changes.total).toEqual({ before: null, after: 4_000 });
  });

  it('records an edit as the fields that changed, before and after, and a delete', async () => {
    const productId = await seedProduct(t, 'hardware', { price: 1_000, quantity: 10 });
    const placed = await placeOrder(t, clerk, { productId, quantity: 1 });
    const orderId = placed.json<OrderJson>()._id;
    await request(t, {
      method: 'PUT',
      url: `/api/v1/hardware/orders/${orderId}`,
      token: admin,
      payload: { quantity: 3 },
    });
    await request(t, { method: 'DELETE', url: `/api/v1/hardware/orders/${orderId}`, token: admin });
    const { entries } = await audit(`entity=order&entityId=${orderId}`);
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    const [removed, edited] = entries as [AuditEntryJson, AuditEntryJson];
    expect(edited.userId).toBe(admin.id);
    expect(edited.madeAt).toBeNull();
    expect(edited.changes).toEqual({
      quantity: { before: 1, after: 3 },
      total: { before: 1_000, after: 3_000 },
    });
    expect(removed.changes.quantity).toEqual({ before: 3, after: null });
  });

  it('records user changes without ever storing a password', async () => {
    const created = await request(t, {
      method: 'POST',
      url: '/api/v1/users/signup',
      token: admin,
      payload: {
        email: 'audited@example.com',
        password: 'Secret-pass-1',
        role: 'employee',
        category: 'godown',
      },
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json<{ _id: string }>()._id;
    await request(t, {
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      token: admin,
      payload: {
        email: 'audited@example.com',
        password: 'Other-pass-2',
        role: 'employee',
        category: 'stationery',
      },
    });
    const { entries } = await audit(`entity=user&entityId=${userId}`);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    const edit = entries[0] as AuditEntryJson;
    expect(edit.changes.category).toEqual({ before: 'godown', after: 'stationery' });
    expect(edit.changes.passwordHash).toEqual({ before: '(hidden)', after: '(changed)' });
    const all = JSON.stringify(entries);
    expect(all).not.toContain('Secret-pass-1');
    expect(all).not.toContain('scrypt$');
  });

  it('filters by user and time and pages newest first without repeats', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 100 });
    for (let index = 0; index < 5; index += 1) {
      expect((await placeOrder(t, clerk, { productId, quantity: 1 })).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = await audit(
        `userId=${clerk.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      for (const entry of page.entries) expect(entry.userId).toBe(clerk.id);
      seen.push(...page.entries.map((entry) => entry._id));
      cursor = page.cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(7);
    const future = await audit(
      `from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.entries).toEqual([]);
  });

  it('is for admins only, and refuses a malformed filter with 400', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/audit', token: clerk });
    expect(res.statusCode).toBe(403);
    const bad = await request(t, {
      method: 'GET',
      url: '/api/v1/audit?entity=spaceship',
      token: admin,
    });
    expect(bad.statusCode).toBe(400);
    const badCursor = await request(t, {
      method: 'GET',
      url: '/api/v1/audit?cursor=%21%21',
      token: admin,
    });
    expect(badCursor.statusCode).toBe(400);
  });

  it('keeps no record of a change that was refused (the record is in the same transaction)', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 1 });
    const refused = await placeOrder(t, clerk, { productId, quantity: 5 });
    expect(refused.statusCode).toBe(409);
    const { entries } = await audit(`entity=order&userId=${clerk.id}&limit=200`);
    expect(entries.some((entry) => entry.changes.productId?.after === productId)).toBe(false);
  });
});
