import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sqliteFileName } from '../../server/db/database.ts';

/**
 * What the durability bench (durability-bench.ts) reads of the database after each kill and after
 * the re-sends, and the invariants it checks there: every acknowledged key has its order, every
 * order has exactly one key, no key record is left unfinished, and the stock adds up.
 */
export const ordersPath = '/api/v1/hardware/orders';

/** Where the bench's server keeps its data: SQLite in DATA_DIR, or a PostgreSQL database. */
export type StateSource = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

/** What the database holds, read with the server stopped. */
export interface DatabaseState {
  /** Order id → quantity (live orders of the product). */
  orders: Map<string, number>;
  /** Idempotency key → order id of its stored 201 answer (undefined: no usable answer). */
  keys: Map<string, string | undefined>;
  stock: number;
}

interface KeyRow {
  key: string;
  state: string;
  statusCode: number | null;
  responseBody: string | null;
}

/** Order id of a key record's stored 201 answer; undefined for any other record. */
function answeredOrder(row: KeyRow): string | undefined {
  if (row.state !== 'completed' || row.statusCode !== 201 || !row.responseBody) return undefined;
  const body = JSON.parse(row.responseBody) as { _id?: unknown };
  return typeof body._id === 'string' ? body._id : undefined;
}

export async function readState(source: StateSource, productId: string): Promise<DatabaseState> {
  return source.kind === 'sqlite'
    ? readSqliteState(source.dataDir, productId)
    : readPostgresState(source.url, productId);
}

/**
 * PostgreSQL: the killed process's backends may still be finishing a statement the process sent
 * (an autocommitted order commits when it ends, with nobody left to acknowledge it). The state is
 * read once no other session is connected to the database, so those commits are counted as the
 * kill left them.
 */
async function readPostgresState(url: string, productId: string): Promise<DatabaseState> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ others: number }>(
        `select count(*)::int as others from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend'
           and pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.others ?? 0) === 0) break;
      if (Date.now() > deadline) throw new Error('durability bench: sessions still connected');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const orderRows = await client.query<{ id: string; quantity: number }>(
      'select id, quantity from orders where "productId" = $1 and "deletedAt" is null',
      [productId],
    );
    const keyRows = await client.query<KeyRow>(
      'select key, state, "statusCode", "responseBody" from idempotency_keys where method = $1 and path = $2',
      ['POST', ordersPath],
    );
    const product = await client.query<{ quantity: number }>(
      'select quantity from products where id = $1',
      [productId],
    );
    const stock = product.rows[0]?.quantity;
    if (stock === undefined) throw new Error('durability bench: the seeded product is gone');
    return {
      orders: new Map(orderRows.rows.map((row) => [row.id, Number(row.quantity)])),
      keys: new Map(keyRows.rows.map((row) => [row.key, answeredOrder(row)])),
      stock: Number(stock),
    };
  } finally {
    await client.end();
  }
}

function readSqliteState(dataDir: string, productId: string): DatabaseState {
  const sqlite = new Database(join(dataDir, sqliteFileName), { fileMustExist: true });
  try {
    const orderRows = sqlite
      .prepare('select id, quantity from orders where productId = ? and deletedAt is null')
      .all(productId) as { id: string; quantity: number }[];
    const keyRows = sqlite
      .prepare(
        'select key, state, statusCode, responseBody from idempotency_keys where method = ? and path = ?',
      )
      .all('POST', ordersPath) as KeyRow[];
    const product = sqlite.prepare('select quantity from products where id = ?').get(productId) as
      { quantity: number } | undefined;
    if (!product) throw new Error('durability bench: the seeded product is gone');
    const keys = new Map(keyRows.map((row) => [row.key, answeredOrder(row)]));
    return {
      orders: new Map(orderRows.map((row) => [row.id, row.quantity])),
      keys,
      stock: product.quantity,
    };
  } finally {
    sqlite.close();
  }
}

/**
 * The invariants of one database state: every acknowledged key has its order, every order has
 * exactly one key, no key record is left unfinished, and the stock adds up.
 */
export function checkState(
  state: DatabaseState,
  acknowledged: ReadonlyMap<string, string>,
  seededQuantity: number,
  when: string,
): { lost: Set<string>; duplicates: Set<string>; stockConsistent: boolean; problems: string[] } {
  const problems: string[] = [];
  const lost = new Set<string>();
  const duplicates = new Set<string>();
  for (const [key, orderId] of acknowledged) {
    const recorded = state.keys.get(key);
    if (!state.keys.has(key) || recorded === undefined || !state.orders.has(orderId)) {
      lost.add(key);
      problems.push(
        `${when}: acknowledged key ${key} (order ${orderId}) lost: key record ${state.keys.has(key) ? `→ ${recorded ?? 'no order'}` : 'missing'}, order ${state.orders.has(orderId) ? 'present' : 'missing'}`,
      );
    } else if (recorded !== orderId) {
      duplicates.add(key);
      problems.push(
        `${when}: key ${key} acknowledged order ${orderId}, its record says ${recorded}`,
      );
    }
  }
  const keysByOrder = new Map<string, string[]>();
  for (const [key, orderId] of state.keys) {
    if (orderId === undefined) {
      problems.push(`${when}: key ${key} has a record without a completed 201 answer`);
      continue;
    }
    keysByOrder.set(orderId, [...(keysByOrder.get(orderId) ?? []), key]);
  }
  for (const orderId of state.orders.keys()) {
    const keys = keysByOrder.get(orderId) ?? [];
    if (keys.length !== 1) {
      duplicates.add(orderId);
      problems.push(
        `${when}: order ${orderId} belongs to ${keys.length} keys${keys.length ? ` (${keys.join(', ')})` : ''}`,
      );
    }
  }
  for (const [orderId, keys] of keysByOrder) {
    if (!state.orders.has(orderId)) {
      for (const key of keys) lost.add(key);
      problems.push(`${when}: key ${keys.join(', ')} answered order ${orderId}, which is missing`);
    }
  }
  let ordered = 0;
  for (const quantity of state.orders.values()) ordered += quantity;
  const stockConsistent = state.stock === seededQuantity - ordered;
  if (!stockConsistent) {
    problems.push(
      `${when}: stock ${state.stock}, expected ${seededQuantity} − ${ordered} = ${seededQuantity - ordered}`,
    );
  }
  return { lost, duplicates, stockConsistent, problems };
}
