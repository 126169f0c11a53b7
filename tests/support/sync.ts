import { AppDatabase, type ProductRecord, type SessionRecord } from '../../src/db/database.ts';
import { productRow } from './product-catalog.ts';
import { applySteps, rollbackOf } from '../../src/sync/outbox.ts';
import { writeTables } from '../../src/sync/registry.ts';

/**
 * Helpers for the sync and command unit tests (never imported by the app). Tests import
 * 'fake-indexeddb/auto' first, so each `testDb()` is a fresh in-memory IndexedDB database.
 */
export const baseUrl = 'http://api.test/api/v1';

let dbCounter = 0;

export function testDb(): AppDatabase {
  dbCounter += 1;
  return new AppDatabase(`test-${dbCounter}-${crypto.randomUUID()}`);
}

/** A fresh test database with alice signed in and `products` in the mirror. */
export async function signedInDb(...products: ProductRecord[]): Promise<AppDatabase> {
  const db = testDb();
  await signIn(db);
  await db.products.bulkPut(products);
  return db;
}

/** Closes and deletes a test database. */
export async function dropDb(db: AppDatabase): Promise<void> {
  db.close();
  await db.delete();
}

export const alice = {
  _id: 'user-alice',
  email: 'alice@example.com',
  role: 'admin',
  category: 'hardware',
} as const;
export const bob = {
  _id: 'user-bob',
  email: 'bob@example.com',
  role: 'employee',
  category: 'hardware',
} as const;

export async function signIn(
  db: AppDatabase,
  user: SessionRecord['user'] = alice,
  token = `token-${user._id}`,
  expiresAt = Date.UTC(2100, 0, 1),
): Promise<SessionRecord> {
  const session: SessionRecord = { id: 'current', user: { ...user }, token, expiresAt };
  await db.session.put(session);
  return session;
}

/** A hardware 'Hammer' ('p-hammer'), stock 10; the catalogue's productRow with that id. */
export function product(overrides: Partial<ProductRecord> = {}): ProductRecord {
  return productRow({ _id: 'p-hammer', ...overrides });
}

/** Undoes an entry's optimistic change as a permanent rejection does: its rollback steps, applied. */
export async function rollBack(db: AppDatabase, entryId: string): Promise<void> {
  const entry = await db.outbox.get(entryId);
  if (!entry) throw new Error('missing entry');
  await db.transaction('rw', writeTables(db), () => applySteps(db, rollbackOf(entry)));
}

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** JSON body, FormData for multipart, or undefined. */
  body: unknown;
}

export type FakeHandler = (request: SeenRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A fetch that answers from `handler` (or throws what it throws, like a dropped connection) and
 * records every request, so tests assert on what actually went over the wire.
 *
 * `POST /batch` is unpacked like the server does it (domain/batch.ts): each sub-request goes to
 * `handler` in order as if sent alone (recorded in `requests`, with the batch's Authorization),
 * a transient answer, a 401 or a thrown error stops the batch and the rest are answered 424. The batch
 * requests themselves are recorded in `batches`. A handler that wants to see the batch itself
 * (to fail it whole) answers `path === 'batch'` before this happens by setting `rawBatch`.
 */
export function fakeFetch(
  handler: FakeHandler,
  options: { rawBatch?: boolean } = {},
): { fetch: typeof fetch; requests: SeenRequest[]; batches: SeenRequest[] } {
  const requests: SeenRequest[] = [];
  const batches: SeenRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const contentType = request.headers.get('content-type') ?? '';
    let body: unknown;
    if (contentType.includes('multipart/form-data')) body = await request.formData();
    else {
      const text = await request.text();
      body = text ? (JSON.parse(text) as unknown) : undefined;
    }
    const seen: SeenRequest = {
      method: request.method,
      path: url.pathname.replace('/api/v1/', ''),
      search: url.searchParams,
      headers: request.headers,
      body,
    };
    if (seen.path === 'batch' && seen.method === 'POST' && !options.rawBatch) {
      batches.push(seen);
      return answerBatch(seen);
    }
    requests.push(seen);
    return handler(seen);
  };

  async function answerBatch(batch: SeenRequest): Promise<Response> {
    const { requests: subRequests } = batch.body as {
      requests: {
        id: string;
        method: string;
        url: string;
        headers?: Record<string, string>;
        body?: unknown;
      }[];
    };
    const responses: { id: string; status: number; body: unknown }[] = [];
    let stopped = false;
    for (const sub of subRequests) {
      if (stopped) {
        responses.push({ id: sub.id, status: 424, body: { message: 'Not run' } });
        continue;
      }
      const url = new URL(`${baseUrl}${sub.url}`);
      const headers = new Headers(sub.headers ?? {});
      const authorization = batch.headers.get('authorization');
      if (authorization) headers.set('authorization', authorization);
      const seen: SeenRequest = {
        method: sub.method,
        path: url.pathname.replace('/api/v1/', ''),
        search: url.searchParams,
        headers,
        body: sub.body,
      };
      requests.push(seen);
      let answer: Response;
      try {
        answer = await handler(seen);
      } catch {
        answer = json(503, { message: 'Service Unavailable' });
      }
      const text = await answer.text();
      responses.push({ id: sub.id, status: answer.status, body: text ? JSON.parse(text) : null });
      // A 401 stops it too (a token that expired in the middle of a batch).
      if ([401, 408, 429].includes(answer.status) || answer.status >= 500) stopped = true;
    }
    return json(200, { responses });
  }

  return { fetch: fetchImpl as typeof fetch, requests, batches };
}

/** A server response for a created order, as the API would send it. */
export function orderJson(
  body: { _id: string; productId: string; quantity: number },
  price = 12_500,
) {
  return {
    _id: body._id,
    orderId: 'ORD-HW-000001',
    productId: body.productId,
    productName: 'Hammer',
    quantity: body.quantity,
    price,
    total: price * body.quantity,
    status: 'pending',
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
  };
}
