import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pullDepartment } from './pull.ts';
import { registerOfflineEntities } from './registry.ts';
import { pullProgressKey } from './sync-state-keys.ts';
import { crateEntities, DatabaseWithCrates } from '../../tests/support/made-up-entities.ts';
import { baseUrl, fakeFetch, json, signIn, type FakeHandler } from '../../tests/support/sync.ts';

// A made-up entity (tests/support/made-up-entities.ts): 'crates' of 'hardware', pulled 1,000 a page.
registerOfflineEntities([crateEntities]);

/** Pull at scale: paged walks that resume, progress every tab can show, and cheap idle pulls. */
let db: DatabaseWithCrates;

beforeEach(async () => {
  db = new DatabaseWithCrates();
  await signIn(db);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

function serverCrates(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    _id: `c-${from + i}`,
    label: `Crate ${from + i}`,
    count: 1,
  }));
}

const nothingElse = () => json(200, { items: [], deleted: [], cursor: 'o1', more: false });

/** A server with 2,500 crates handing them out 1,000 per page. */
function pagedCrates(failOnPage?: number): FakeHandler {
  return ({ path, search }) => {
    if (path !== 'hardware/crates') return nothingElse();
    const cursor = search.get('updatedSince');
    const page = cursor === '0' ? 0 : Number(cursor?.replace('page-', ''));
    if (page === failOnPage) return Promise.reject(new TypeError('Failed to fetch'));
    const more = page < 2;
    return json(200, {
      items: serverCrates(page * 1000, page < 2 ? 1000 : 500),
      deleted: [],
      cursor: more ? `page-${page + 1}` : 'after-walk',
      more,
      ...(more ? { remaining: 2500 - (page + 1) * 1000 } : {}),
    });
  };
}

/** The cursors the pull asked the crates list for, in order. */
function crateCursorsAsked(requests: readonly { path: string; search: URLSearchParams }[]) {
  return requests
    .filter((r) => r.path === 'hardware/crates')
    .map((r) => r.search.get('updatedSince'));
}

describe('paged pull', () => {
  it('walks every page of a first sync in chunks and asks for the page size', async () => {
    const server = fakeFetch(pagedCrates());
    const result = await pullDepartment('hardware', { db, fetch: server.fetch, baseUrl });
    expect(result).toEqual({ status: 'ok', crates: 2500 });
    expect(await db.table('crates').count()).toBe(2500);
    const crateCalls = server.requests.filter((r) => r.path === 'hardware/crates');
    expect(crateCalls.map((r) => [r.search.get('updatedSince'), r.search.get('limit')])).toEqual([
      ['0', '1000'],
      ['page-1', '1000'],
      ['page-2', '1000'],
    ]);
    expect(await db.syncState.get('hardware/crates')).toMatchObject({
      cursor: 'after-walk',
      more: false,
    });
    // The progress record is gone once the walk is over.
    expect(await db.syncState.get(pullProgressKey)).toBeUndefined();
  });

  it('resumes a walk cut by a dropped connection at the last page written, not from the start', async () => {
    const cut = fakeFetch(pagedCrates(2));
    expect((await pullDepartment('hardware', { db, fetch: cut.fetch, baseUrl })).status).toBe(
      'error',
    );
    expect(await db.table('crates').count()).toBe(2000);
    expect(await db.syncState.get('hardware/crates')).toMatchObject({
      cursor: 'page-2',
      more: true,
    });
    // What the status showed when the connection dropped: 2,000 of 2,500.
    const resumed = fakeFetch(pagedCrates());
    await pullDepartment('hardware', { db, fetch: resumed.fetch, baseUrl });
    expect(crateCursorsAsked(resumed.requests)).toEqual(['page-2']);
    expect(await db.table('crates').count()).toBe(2500);
  });

  it('asks for the next page while writing the one before, and for each page once', async () => {
    // Which pages' cursors were stored when each request left: the next page must not wait for
    // the write of the one before (its download overlaps the IndexedDB write on a tablet).
    const put = vi.spyOn(db.syncState, 'put');
    const storedCursors = () =>
      put.mock.calls.map(([row]) => row).flatMap((row) => (row.cursor ? [row.cursor] : []));
    const handler = pagedCrates();
    const storedWhenAsked: string[][] = [];
    const server = fakeFetch((request) => {
      if (request.path === 'hardware/crates') storedWhenAsked.push(storedCursors());
      return handler(request);
    });
    await pullDepartment('hardware', { db, fetch: server.fetch, baseUrl });
    expect(crateCursorsAsked(server.requests)).toEqual(['0', 'page-1', 'page-2']);
    expect(storedWhenAsked).toEqual([[], [], ['page-1']]);
    expect(await db.table('crates').count()).toBe(2500);
    expect(await db.syncState.get('hardware/crates')).toMatchObject({ cursor: 'after-walk' });
  });

  it('publishes progress between pages ("crates 1,000 / 2,500")', async () => {
    // Every value the progress record is given, as other tabs would see it written.
    const put = vi.spyOn(db.syncState, 'put');
    const seen = () =>
      put.mock.calls
        .map(([row]) => row)
        .filter((row) => row.key === pullProgressKey)
        .map((row) => row.progress);
    const server = fakeFetch(pagedCrates());
    await pullDepartment('hardware', { db, fetch: server.fetch, baseUrl });
    expect(seen()).toEqual([
      { list: 'crates', done: 1000, total: 2500 },
      { list: 'crates', done: 2000, total: 2500 },
    ]);
    expect(await db.syncState.get(pullProgressKey)).toBeUndefined();
  });

  it('clears the progress of a walk a reload cut short once a later pull finishes that walk', async () => {
    // What the walk had written when the page went away mid-sync: two pages stored and their
    // progress, which the unloaded page never got to clear.
    const cut = fakeFetch(pagedCrates(2));
    await pullDepartment('hardware', { db, fetch: cut.fetch, baseUrl });
    await db.syncState.put({
      key: pullProgressKey,
      progress: { list: 'crates', done: 2000, total: 2500 },
    });
    // The next page's pull fetches the last page only, so it reports nothing itself.
    const put = vi.spyOn(db.syncState, 'put');
    const server = fakeFetch(pagedCrates());
    await pullDepartment('hardware', { db, fetch: server.fetch, baseUrl });
    expect(crateCursorsAsked(server.requests)).toEqual(['page-2']);
    expect(put.mock.calls.filter(([row]) => row.key === pullProgressKey)).toEqual([]);
    expect(await db.syncState.get(pullProgressKey)).toBeUndefined();
  });

  it('sends the last ETag with an idle pull; a 304 changes nothing and keeps the cursor', async () => {
    const first = fakeFetch(({ path }) =>
      path === 'hardware/crates'
        ? new Response(
            JSON.stringify({ items: serverCrates(0, 1), deleted: [], cursor: 'c1', more: false }),
            { status: 200, headers: { 'content-type': 'application/json', etag: '"crates-7"' } },
          )
        : nothingElse(),
    );
    await pullDepartment('hardware', { db, fetch: first.fetch, baseUrl });
    expect(await db.syncState.get('hardware/crates')).toMatchObject({ etag: '"crates-7"' });

    const idle = fakeFetch(({ path }) =>
      path === 'hardware/crates' ? new Response(null, { status: 304 }) : nothingElse(),
    );
    const result = await pullDepartment('hardware', { db, fetch: idle.fetch, baseUrl });
    expect(result).toEqual({ status: 'ok', crates: 0 });
    const sent = idle.requests.find((r) => r.path === 'hardware/crates');
    expect(sent?.headers.get('if-none-match')).toBe('"crates-7"');
    expect(sent?.search.get('updatedSince')).toBe('c1');
    expect(await db.table('crates').count()).toBe(1);
    expect(await db.syncState.get('hardware/crates')).toMatchObject({ cursor: 'c1' });
  });

  it('sends no ETag in the middle of a walk', async () => {
    const cut = fakeFetch(pagedCrates(1));
    await pullDepartment('hardware', { db, fetch: cut.fetch, baseUrl });
    await db.syncState.update('hardware/crates', { etag: '"stale"' });
    const resumed = fakeFetch(pagedCrates());
    await pullDepartment('hardware', { db, fetch: resumed.fetch, baseUrl });
    const firstCall = resumed.requests.find((r) => r.path === 'hardware/crates');
    expect(firstCall?.headers.get('if-none-match')).toBeNull();
  });
});
