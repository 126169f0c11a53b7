import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { loadMigrations } from '../../server/db/migration-files.ts';
import { shardCount } from '../../server/db/migrations/0018-sharded-list-versions.ts';
import { listVersion } from '../../server/modules/lists/serve-list.ts';
import { placeOrder, seedProduct } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * A list's version counts its committed changes, one per transaction, however the transactions
 * interleave; on PostgreSQL two sessions of different shards never wait for each other's counter
 * (migration 0018-sharded-list-versions, decision 0041).
 */
describeEachDatabase('list versions', (target) => {
  let t: TestApp;
  let clerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  const productsVersion = () => listVersion(t.db, 'hardware', { table: 'products' });
  const ordersVersion = () => listVersion(t.db, 'hardware', { table: 'orders' });

  it('rises by exactly one per committed order when 20 orders arrive at once', async () => {
    const productIds = await Promise.all(
      Array.from({ length: 4 }, () => seedProduct(t, 'hardware', { quantity: 100 })),
    );
    const products = await productsVersion();
    const orders = await ordersVersion();
    const placed = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        placeOrder(t, clerk, { productId: productIds[n % 4], quantity: 1 }),
      ),
    );
    expect(placed.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    expect(await productsVersion()).toBe(products + 20);
    expect(await ordersVersion()).toBe(orders + 20);
  });

  it.runIf(target.name === 'postgres')(
    'lets a session commit a change while another session holds its own counter',
    async () => {
      const [first, second] = await Promise.all([productOf(t), productOf(t)]);
      const before = await productsVersion();
      // Two sessions whose backends fall in different shards (a collision is retried).
      const sessions: pg.Client[] = [];
      const shards = new Set<number>();
      try {
        while (sessions.length < 2) {
          const client = new pg.Client({ connectionString: t.config.databaseUrl });
          await client.connect();
          const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
          const shard = Number(rows[0]?.pid) % shardCount;
          if (shards.has(shard)) {
            await client.end();
            continue;
          }
          shards.add(shard);
          sessions.push(client);
        }
        const [holder, other] = sessions as [pg.Client, pg.Client];
        const change = (client: pg.Client, id: string) =>
          client.query(
            `update products set quantity = quantity - 1, "updatedAt" = $2 where id = $1`,
            [id, new Date().toISOString()],
          );
        // The holder's bump runs now (constraints immediate), so its counter row stays locked
        // until it commits, as at the commit of a real order.
        await holder.query('begin');
        await change(holder, first);
        await holder.query('set constraints all immediate');
        // With one counter row per list this waited for the holder and hit the lock timeout.
        await other.query(`set lock_timeout = '3s'`);
        await other.query('begin');
        await change(other, second);
        await other.query('commit');
        expect(await productsVersion()).toBe(before + 1);
        await holder.query('commit');
        expect(await productsVersion()).toBe(before + 2);
      } finally {
        await Promise.all(sessions.map((client) => client.end()));
      }
    },
  );

  // Last: it takes the schema down and up again under the running app.
  it('keeps every version when migration 0018 is undone and applied again', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 50 });
    // Orders from many connections at once, so on PostgreSQL several shards hold counts.
    await Promise.all(
      Array.from({ length: 12 }, () => placeOrder(t, clerk, { productId, quantity: 1 })),
    );
    const products = await productsVersion();
    const orders = await ordersVersion();
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: loadMigrations } });
    const { error } = await migrator.migrateTo('0017-goods-received');
    if (error) throw error;
    expect(await productsVersion()).toBe(products);
    expect(await ordersVersion()).toBe(orders);
    await migrateToLatest(t.db);
    expect(await productsVersion()).toBe(products);
    expect((await placeOrder(t, clerk, { productId, quantity: 1 })).statusCode).toBe(201);
    expect(await productsVersion()).toBe(products + 1);
  });
});

async function productOf(t: TestApp): Promise<string> {
  return seedProduct(t, 'hardware', { quantity: 5 });
}
