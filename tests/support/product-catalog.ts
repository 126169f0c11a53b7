import type { DBCoreCursor, DBCoreTable } from 'dexie';
import { AppDatabase, type ProductRecord } from '../../src/db/database.ts';

/**
 * Helpers for the product read tests (never imported by the app). Tests import
 * 'fake-indexeddb/auto' first, so each `catalogTestDb()` is a fresh in-memory database.
 */
let dbCounter = 0;

/** A fresh database plus a counter of product rows it hands out (see `countProductRowsRead`). */
export function catalogTestDb(): {
  db: AppDatabase;
  rowsRead: () => number;
  resetRowsRead: () => void;
} {
  dbCounter += 1;
  const db = new AppDatabase(`catalog-read-${dbCounter}-${crypto.randomUUID()}`);
  const counter = countProductRowsRead(db);
  return { db, rowsRead: () => counter.rows, resetRowsRead: () => (counter.rows = 0) };
}

/**
 * Counts every product row (value, not key) Dexie's storage layer returns: get, bulkGet, query
 * results with values, and each cursor value read. Counts and key-only reads are free. Must be
 * installed before the database opens.
 */
export function countProductRowsRead(db: AppDatabase): { rows: number } {
  const counter = { rows: 0 };
  db.use({
    stack: 'dbcore',
    name: 'count-product-rows',
    create: (down) => ({
      ...down,
      table: (name: string): DBCoreTable => {
        const table = down.table(name);
        if (name !== 'products') return table;
        return {
          ...table,
          get: async (request) => {
            const row: unknown = await table.get(request);
            if (row !== undefined) counter.rows += 1;
            return row;
          },
          getMany: async (request) => {
            const rows: unknown[] = await table.getMany(request);
            counter.rows += rows.filter((row) => row !== undefined).length;
            return rows;
          },
          query: async (request) => {
            const response = await table.query(request);
            if (request.values) counter.rows += response.result.length;
            return response;
          },
          openCursor: async (request) => {
            const cursor = await table.openCursor(request);
            if (!cursor || !request.values) return cursor;
            return Object.create(cursor, {
              value: {
                get() {
                  counter.rows += 1;
                  return (cursor as DBCoreCursor).value as unknown;
                },
              },
            }) as DBCoreCursor;
          },
        };
      },
    }),
  });
  return counter;
}

export function productRow(overrides: Partial<ProductRecord> & { _id: string }): ProductRecord {
  return {
    department: 'hardware',
    name: 'Hammer',
    description: 'Steel claw hammer',
    price: 12_500,
    quantity: 10,
    image: null,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A deterministic PRNG (mulberry32), so generated catalogues are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const words = [
  'Hammer',
  'hammer',
  'HAMMER',
  'Nails',
  'Steel',
  'steel',
  'Pipe',
  'Ölfilter',
  'ölfilter',
  'Cement',
  'Bati',
  'Mabati',
  'Tile',
  'Zinc',
  'zana',
  'Écrou',
  'écrou',
  'Bolt',
  '  Spade',
  'Spade  ',
];

/**
 * `count` products spread over hardware and fresh-oil, with repeated names (ties, ordered by _id),
 * mixed case, accents, surrounding spaces and descriptions that hold words the names do not.
 */
export function generatedProducts(count: number, seed = 1): ProductRecord[] {
  const random = seededRandom(seed);
  const pick = () => words[Math.floor(random() * words.length)] as string;
  return Array.from({ length: count }, (_, index) => {
    const nameWords = 1 + Math.floor(random() * 3);
    const name =
      random() < 0.15
        ? 'Duplicate name'
        : Array.from({ length: nameWords }, pick).join(' ') + (random() < 0.5 ? ` ${index}` : '');
    return productRow({
      _id: `p-${Math.floor(random() * 1e9).toString(36)}-${index}`,
      department: random() < 0.75 ? 'hardware' : 'fresh-oil',
      name,
      description: random() < 0.1 ? '' : `${pick()} ${pick()} for site work`,
      quantity: Math.floor(random() * 30),
    });
  });
}
