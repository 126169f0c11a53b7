import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  openTestDatabase,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';

/**
 * An order checks the session as every write does (decision 0046). On PostgreSQL its REST route
 * does it inside the order's one statement instead of reading the user first; what a client sees
 * must not change: a token whose user moved on gets 401 and nothing is taken, never a stored
 * answer and never a refusal that tells it more.
 */
describeEachDatabase('the session behind an order', (target) => {
  let t: TestApp;
  let queries = 0;

  // Counts every statement the app runs (a plugin sees each result, compiled queries included).
  const counter: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => args.node,
    transformResult: (args: PluginTransformResultArgs) => {
      queries += 1;
      return Promise.resolve(args.result);
    },
  };

  beforeAll(async () => {
    const database = await openTestDatabase(target);
    t = await buildTestApp(target, {
      database: { ...database, db: database.db.withPlugin(counter) },
    });
  });
  afterAll(() => t.close());

  const moveOn = (user: TestUser) =>
    t.db
      .updateTable('users')
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where('id', '=', user.id)
      .execute();

  it('places an order for a current session and audits it under the user’s e-mail', async () => {
    const clerk = await createUser(t, { category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    const res = await placeOrder(t, clerk, { productId, quantity: 2 });
    expect(res.statusCode).toBe(201);
    expect(await stockOf(t, productId)).toBe(3);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['userId', 'userEmail'])
      .where('entityId', '=', (res.json() as { _id: string })._id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ userId: clerk.id, userEmail: clerk.email });
  });

  it('answers 401 and takes nothing when the user was edited or deleted since the token', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    const edited = await createUser(t, { category: 'hardware' });
    await moveOn(edited);
    const deleted = await createUser(t, { category: 'hardware' });
    await t.db.deleteFrom('users').where('id', '=', deleted.id).execute();
    for (const user of [edited, deleted]) {
      const res = await placeOrder(t, user, { productId, quantity: 1 });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid or expired token' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect(await stockOf(t, productId)).toBe(5);
    expect(await orderCount(t, productId)).toBe(0);
  });

  it('answers 401, not the refusal, when a signed-out user orders more than the stock or a missing product', async () => {
    const clerk = await createUser(t, { category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 1 });
    await moveOn(clerk);
    for (const body of [
      { productId, quantity: 2 },
      { productId: randomUUID(), quantity: 1 },
      { productId, quantity: 'two' },
    ]) {
      const res = await placeOrder(t, clerk, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
    }
  });

  it('never replays a recorded answer to a user whose token was revoked since', async () => {
    const clerk = await createUser(t, { category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    const key = randomUUID();
    const first = await placeOrder(t, clerk, { productId, quantity: 1 }, { key });
    expect(first.statusCode).toBe(201);
    // The same request again while the session is current: the stored answer, nothing taken.
    const replay = await placeOrder(t, clerk, { productId, quantity: 1 }, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    await moveOn(clerk);
    const revoked = await placeOrder(t, clerk, { productId, quantity: 1 }, { key });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.body).not.toContain((first.json() as { orderId: string }).orderId);
    expect(await stockOf(t, productId)).toBe(4);
  });

  it('answers 403 to a current member of another department and 401 to a stale one', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    const printer = await createUser(t, { category: 'printing' });
    expect((await placeOrder(t, printer, { productId, quantity: 1 })).statusCode).toBe(403);
    await moveOn(printer);
    expect((await placeOrder(t, printer, { productId, quantity: 1 })).statusCode).toBe(401);
    // A stale token whose claims would pass (the user was moved to printing since) is 401 too.
    const moved = await createUser(t, { category: 'hardware' });
    await t.db
      .updateTable('users')
      .set({ category: 'printing', tokenVersion: 1 })
      .where('id', '=', moved.id)
      .execute();
    expect((await placeOrder(t, moved, { productId, quantity: 1 })).statusCode).toBe(401);
    expect(await stockOf(t, productId)).toBe(5);
  });

  it('accepts a token signed before the e-mail claim, reading the user for it', async () => {
    const clerk = await createUser(t, { category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    const now = Math.floor(Date.now() / 1000);
    const older = await new SignJWT({ role: clerk.role, category: clerk.category, ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(clerk.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await placeOrder(t, { token: older }, { productId, quantity: 1 });
    expect(res.statusCode).toBe(201);
    const entry = await t.db
      .selectFrom('audit_log')
      .select('userEmail')
      .where('entityId', '=', (res.json() as { _id: string })._id)
      .executeTakeFirstOrThrow();
    expect(entry.userEmail).toBe(clerk.email);
    await moveOn(clerk);
    const stale = await placeOrder(t, { token: older }, { productId, quantity: 1 });
    expect(stale.statusCode).toBe(401);
  });

  it('places an order in one statement on PostgreSQL, the session check inside it', async () => {
    const clerk = await createUser(t, { category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    queries = 0;
    const res = await placeOrder(t, clerk, { productId, quantity: 1 });
    expect(res.statusCode).toBe(201);
    // SQLite: the user's read, then the order's transaction. PostgreSQL: the one statement.
    if (target.name === 'postgres') expect(queries).toBe(1);
    else expect(queries).toBeGreaterThan(1);
  });
});
