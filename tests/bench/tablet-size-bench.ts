import 'fake-indexeddb/auto';
import { newId } from '../../server/db/database.ts';
import { AppDatabase } from '../../src/db/database.ts';
import { signUser, startBenchApp } from './bench-fixtures.ts';
import { departmentOfflineEntities } from '../../src/features/department/data/offline-entities.ts';
import { pullDepartment } from '../../src/sync/pull.ts';
import {
  mirrorList,
  registerOfflineEntities,
  type MirrorListDefinition,
} from '../../src/sync/registry.ts';
import { pruneMirror, pruneChunk } from '../../src/sync/retention.ts';
import { windowStart } from '../../domain/created-range.ts';
import { ordersKeptDays } from '../../domain/order-retention.ts';

/**
 * Tablet size benchmark (issue 24 item 3, decision 0035): the real API on a temporary SQLite
 * DATA_DIR with 10,000 hardware products and 50,000 orders (spread evenly over the last
 * `spreadDays` days), pulled by the real sync engine (src/sync/pull.ts) into fake-indexeddb,
 * once with the orders list's retention window (90 days) and once without it.
 *
 * What it measures: rows kept, the JSON bytes of the rows kept (IndexedDB's structured clone of
 * these flat records is about that size before LevelDB's own overhead and the indexes; the
 * on-disk figure needs a browser, tests/bench's Playwright benches), the first sync's wall time,
 * and for a tablet upgraded with all 50,000 orders already in its mirror, the prune's time and
 * the longest stretch the event loop was blocked while it ran.
 *
 *   node --experimental-strip-types tests/bench/tablet-size-bench.ts [spreadDays]
 */
const productCount = 10_000;
const orderCount = 50_000;
const dayMs = 24 * 60 * 60 * 1000;

async function startServer() {
  const bench = await startBenchApp('tablet-size-bench');
  const token = await signUser(bench.db, bench.config, 'tablet-size@example.com');
  return { app: bench.app, db: bench.db, token, close: bench.close };
}

type Server = Awaited<ReturnType<typeof startServer>>;

async function seed(server: Server, spreadDays: number): Promise<void> {
  const now = Date.now();
  const productIds: string[] = [];
  for (let start = 0; start < productCount; start += 500) {
    const rows = [];
    for (let index = start; index < Math.min(productCount, start + 500); index += 1) {
      const id = newId();
      productIds.push(id);
      const stamp = new Date(now - spreadDays * dayMs).toISOString();
      rows.push({
        id,
        department: 'hardware',
        name: `Product ${index}`,
        description: 'Seeded for the tablet size bench',
        price: 12_500,
        quantity: 1_000,
        imageId: null,
        location: null,
        condition: null,
        nutrients: null,
        version: 1,
        deletedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
    await server.db.insertInto('products').values(rows).execute();
  }
  for (let start = 0; start < orderCount; start += 500) {
    const rows = [];
    for (let index = start; index < Math.min(orderCount, start + 500); index += 1) {
      // Evenly spread, newest last: order `index` was placed (orderCount − index) steps ago.
      const stamp = new Date(
        now - ((orderCount - index) / orderCount) * spreadDays * dayMs,
      ).toISOString();
      rows.push({
        id: newId(),
        department: 'hardware',
        orderNumber: index + 1,
        orderId: `ORD-HW-${String(index + 1).padStart(6, '0')}`,
        productId: productIds[index % productCount] ?? '',
        productName: `Product ${index % productCount}`,
        quantity: 1 + (index % 5),
        price: 12_500,
        total: 12_500 * (1 + (index % 5)),
        status: 'completed',
        userId: 'bench',
        deletedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
    await server.db.insertInto('orders').values(rows).execute();
  }
}

interface TableSize {
  rows: number;
  jsonBytes: number;
}

/** Rows and their JSON bytes, per mirror table. */
async function mirrorSize(db: AppDatabase): Promise<{ products: TableSize; orders: TableSize }> {
  const tableSize = async (name: string): Promise<TableSize> => {
    let jsonBytes = 0;
    const rows = await db.table(name).toArray();
    for (const row of rows) jsonBytes += Buffer.byteLength(JSON.stringify(row));
    return { rows: rows.length, jsonBytes };
  };
  return { products: await tableSize('products'), orders: await tableSize('orders') };
}

/** The longest gap between two turns of the event loop while `work` runs (a stalled UI). */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; maxStallMs: number }> {
  let last = performance.now();
  let maxStallMs = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - last);
    last = now;
    if (running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const value = await work();
  running = false;
  return { value, maxStallMs: Math.round(maxStallMs) };
}

async function signedInMirror(server: Server, name: string): Promise<AppDatabase> {
  const db = new AppDatabase(name);
  await db.session.put({
    id: 'current',
    user: {
      _id: 'bench',
      email: 'tablet-size@example.com',
      role: 'employee',
      category: 'hardware',
    },
    token: server.token,
    expiresAt: Date.UTC(2100, 0, 1),
  });
  return db;
}

/** Every order of the server as the mirror holds it (for the prune measured alone). */
async function unboundedOrders(server: Server) {
  const rows = await server.db.selectFrom('orders').selectAll().execute();
  return rows.map((row) => ({
    _id: row.id,
    department: row.department,
    orderId: row.orderId,
    productId: row.productId,
    productName: row.productName,
    quantity: row.quantity,
    price: row.price,
    total: row.total,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    pendingOutboxId: null,
  }));
}

function withoutRetention(): MirrorListDefinition[] {
  return (departmentOfflineEntities.lists ?? []).map(({ retention: _kept, ...list }) => list);
}

export async function runTabletSizeBench(spreadDays = 365) {
  const server = await startServer();
  try {
    await seed(server, spreadDays);
    const baseUrl = `${await server.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
    const pull = (db: AppDatabase) =>
      pullDepartment('hardware', { db, baseUrl, fetch: globalThis.fetch });

    registerOfflineEntities([{ lists: withoutRetention() }]);
    const unbounded = await signedInMirror(server, 'bench-unbounded');
    let started = performance.now();
    await pull(unbounded);
    const unboundedMs = Math.round(performance.now() - started);
    const unboundedSize = await mirrorSize(unbounded);

    registerOfflineEntities([departmentOfflineEntities]);
    const bounded = await signedInMirror(server, 'bench-bounded');
    started = performance.now();
    await pull(bounded);
    const boundedMs = Math.round(performance.now() - started);
    const boundedSize = await mirrorSize(bounded);

    // An upgraded tablet: everything was kept; the first pull with the window prunes.
    started = performance.now();
    const upgrade = await longestStall(() => pull(unbounded));
    const pruneMs = Math.round(performance.now() - started);
    const afterUpgrade = await mirrorSize(unbounded);

    // The prune alone, on a third mirror holding every order: its chunks against a ticking loop.
    const full = await signedInMirror(server, 'bench-prune');
    await full.orders.bulkPut(await unboundedOrders(server));
    const list = mirrorList('orders');
    const since = windowStart(new Date(), ordersKeptDays.default);
    started = performance.now();
    const prune = list
      ? await longestStall(() => pruneMirror(full, list, 'hardware', since))
      : { value: 0, maxStallMs: 0 };
    const pruneAloneMs = Math.round(performance.now() - started);

    return {
      pruneAlone: {
        pruned: prune.value,
        ms: pruneAloneMs,
        transactions: Math.ceil(prune.value / pruneChunk),
        maxStallMs: prune.maxStallMs,
      },
      products: productCount,
      orders: orderCount,
      spreadDays,
      keptDays: 90,
      unbounded: { firstSyncMs: unboundedMs, ...unboundedSize },
      bounded: { firstSyncMs: boundedMs, ...boundedSize },
      upgrade: { pullAndPruneMs: pruneMs, maxStallMs: upgrade.maxStallMs, ...afterUpgrade },
    };
  } finally {
    await server.close();
  }
}

type TabletSizeResult = Awaited<ReturnType<typeof runTabletSizeBench>>;

const megabytes = (size: { products: TableSize; orders: TableSize }) =>
  ((size.products.jsonBytes + size.orders.jsonBytes) / 1e6).toFixed(1);

/** One line for `npm run bench`'s summary (the goal: at most 10 MB at 50,000 orders). */
export function tabletSizeSummary(result: TabletSizeResult): string {
  const { unbounded, bounded } = result;
  return (
    `  Tablet mirror, ${result.products.toLocaleString('en')} products and ${result.orders.toLocaleString('en')} orders over ${result.spreadDays} days:` +
    ` ${megabytes(bounded)} MB of rows with ${result.keptDays} days kept (${bounded.orders.rows} orders; goal ≤ 10 MB),` +
    ` ${megabytes(unbounded)} MB without; prune of ${result.pruneAlone.pruned.toLocaleString('en')} orders` +
    ` in ${result.pruneAlone.ms} ms, longest stall ${result.pruneAlone.maxStallMs} ms (fake-indexeddb in Node)`
  );
}

if (import.meta.main) {
  const spreadDays = Number(process.argv[2] ?? 365);
  console.log(JSON.stringify(await runTabletSizeBench(spreadDays), null, 2));
}
