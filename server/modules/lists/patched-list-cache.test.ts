import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPatchedListCache, type PatchableList } from './patched-list-cache.ts';

interface Row {
  id: string;
  order: number;
  stock: number;
  updatedAt: string;
  deletedAt: string | null;
}

/** A list in memory, ordered by `order` (never changes for a row), that counts its reads. */
function memoryList(count: number) {
  let clock = Date.parse('2026-11-28T00:00:00Z');
  const stamp = () => new Date((clock += 1000)).toISOString();
  const rows: Row[] = Array.from({ length: count }, (_, index) => ({
    id: `p${index}`,
    order: index,
    stock: 10,
    updatedAt: stamp(),
    deletedAt: null,
  }));
  const reads = { pages: 0, changes: 0 };
  const live = () => rows.filter((row) => row.deletedAt === null);
  const list: PatchableList<Row> = {
    page: async (after, limit) => {
      reads.pages += 1;
      return live()
        .filter((row) => after === undefined || row.order > after.order)
        .slice(0, limit);
    },
    changedSince: async (since, limit) => {
      reads.changes += 1;
      return rows.filter((row) => row.updatedAt >= since).slice(0, limit);
    },
    id: (row) => row.id,
    deleted: (row) => row.deletedAt !== null,
    text: (row) => JSON.stringify({ _id: row.id, quantity: row.stock }),
  };
  const change = (id: string, edit: Partial<Row>) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (row) Object.assign(row, edit, { updatedAt: stamp() });
  };
  const add = (order: number) =>
    rows.push({ id: `n${order}`, order, stock: 1, updatedAt: stamp(), deletedAt: null });
  const expected = () => live().map((row) => ({ _id: row.id, quantity: row.stock }));
  return { list, reads, change, add, expected, now: () => clock };
}

const decoded = (gzip: Buffer): unknown => JSON.parse(gunzipSync(gzip).toString('utf8'));

describe('a cached list body patched for changed rows', () => {
  it('shows a changed stock in the next version without reading the whole list again', async () => {
    const memory = memoryList(25);
    const cache = createPatchedListCache({ segmentRows: 10, pageRows: 20, now: memory.now });
    const first = await cache.get('k', 1, memory.now(), memory.list);
    expect(decoded(Buffer.concat(first.body.gzipParts))).toEqual(memory.expected());
    const pagesAfterBuild = memory.reads.pages;

    memory.change('p12', { stock: 9 });
    const second = await cache.get('k', 2, memory.now(), memory.list);
    expect(second.version).toBe(2);
    expect(decoded(Buffer.concat(second.body.gzipParts))).toEqual(memory.expected());
    expect(JSON.parse(second.body.identity().toString('utf8'))).toEqual(memory.expected());
    expect(memory.reads.pages).toBe(pagesAfterBuild);
  });

  it('drops deleted rows, also a whole first segment, and keeps the JSON valid', async () => {
    const memory = memoryList(25);
    const cache = createPatchedListCache({ segmentRows: 10, pageRows: 20, now: memory.now });
    await cache.get('k', 1, memory.now(), memory.list);
    for (let index = 0; index < 10; index += 1) {
      memory.change(`p${index}`, { deletedAt: 'gone' });
    }
    memory.change('p20', { deletedAt: 'gone' });
    const next = await cache.get('k', 2, memory.now(), memory.list);
    expect(decoded(Buffer.concat(next.body.gzipParts))).toEqual(memory.expected());
  });

  it('builds again in full when a row new to the list appears', async () => {
    const memory = memoryList(5);
    const cache = createPatchedListCache({ segmentRows: 10, pageRows: 20, now: memory.now });
    await cache.get('k', 1, memory.now(), memory.list);
    memory.add(2.5);
    const pages = memory.reads.pages;
    const next = await cache.get('k', 2, memory.now(), memory.list);
    expect(decoded(Buffer.concat(next.body.gzipParts))).toEqual(memory.expected());
    expect(memory.reads.pages).toBeGreaterThan(pages);
  });

  it('serves a request that read an older version the newer body, and builds each version once', async () => {
    const memory = memoryList(5);
    const cache = createPatchedListCache({ segmentRows: 10, pageRows: 20, now: memory.now });
    memory.change('p1', { stock: 3 });
    const [a, b] = await Promise.all([
      cache.get('k', 4, memory.now(), memory.list),
      cache.get('k', 3, memory.now(), memory.list),
    ]);
    expect(a).toBe(b);
    expect(decoded(Buffer.concat(a.body.gzipParts))).toEqual(memory.expected());
  });

  it('builds again in full once the last full build is older than the limit', async () => {
    const memory = memoryList(5);
    let now = memory.now();
    const cache = createPatchedListCache({
      segmentRows: 10,
      pageRows: 20,
      rebuildAfterMs: 60_000,
      now: () => now,
    });
    await cache.get('k', 1, now, memory.list);
    const pages = memory.reads.pages;
    now += 61_000;
    await cache.get('k', 2, now, memory.list);
    expect(memory.reads.pages).toBeGreaterThan(pages);
  });
});
