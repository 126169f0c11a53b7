import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Malformed requests against every API route of the app's own route table (issue 13): bad JSON,
 * wrong types, huge and negative numbers, unicode edge cases, long strings, traversal in ids,
 * wrong content types, multipart garbage, duplicated and __proto__ keys. No answer may be a 5xx.
 * FUZZ_RUNS sets the number of requests per database (default 5,000, so 10,000 in all);
 * FUZZ_SEED replays a run (the seed is printed).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 5000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const edgeStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF',
  '😀',
  'ش',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0x10',
  '1e309',
  '-1',
  'NaN',
  'Infinity',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'a'.repeat(5000),
);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  edgeStrings,
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2, 0.5),
);
const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        text,
        fc.constantFrom(
          '__proto__',
          'constructor',
          'quantity',
          'productId',
          'email',
          'price',
          'name',
          'lines',
          '_id',
        ),
      ),
      tie('node'),
      { maxKeys: 5 },
    ),
  ),
})).node;

/** Percent-encoded; a lone surrogate becomes the bytes of one (invalid UTF-8, a case too). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A raw body and the content type it is sent with. */
const body = fc.oneof(
  value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json' })),
  fc
    .string({ maxLength: 60 })
    .map((s) => ({ payload: `{"quantity": ${s}`, type: 'application/json' })),
  fc.constantFrom(
    { payload: '{"quantity":1,"quantity":2,"__proto__":{"admin":true}}', type: 'application/json' },
    { payload: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
    // A sale's shape with a line that is almost right (issue 25): a uuid, a product, a huge quantity.
    {
      payload:
        '{"_id":"00000000-0000-4000-8000-000000000001","lines":[{"_id":"00000000-0000-4000-8000-000000000002","productId":"x","quantity":1e309},{"productId":null}]}',
      type: 'application/json',
    },
    {
      payload:
        '{"_id":"00000000-0000-4000-8000-000000000001","lines":[{"_id":"00000000-0000-4000-8000-000000000002","productId":"x","quantity":1}]}',
      type: 'application/json',
    },
    { payload: 'name=x&price=1', type: 'application/x-www-form-urlencoded' },
    {
      payload: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx',
      type: 'multipart/form-data; boundary=b',
    },
    { payload: 'garbage', type: 'multipart/form-data' },
    { payload: '<xml/>', type: 'application/xml' },
    { payload: 'plain', type: 'text/plain' },
    { payload: '', type: 'application/json' },
  ),
);
const idSegment = fc.oneof(
  fc.uuid(),
  text.map((s) => encode(s)),
  edgeStrings,
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .tuple(fc.constantFrom('updatedSince', 'limit', 'cursor', 'entity', 'from', 'to', 'x'), text)
    .map(([key, v]) => `?${key}=${encode(v)}`),
  edgeStrings.map((s) => `?${s}`),
);

describeEachDatabase('fuzzing every route', (target) => {
  let t: TestApp;
  let tokens: (TestUser | undefined)[];

  beforeAll(async () => {
    t = await buildTestApp(target);
    const admin = await createUser(t, { role: 'admin', category: 'hardware' });
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    // A department's manager passes the department's admin routes and reaches the users
    // service's own checks (docs/decisions/0038): its malformed input must not 5xx either.
    const manager = await createUser(t, { role: 'manager', category: 'hardware' });
    tokens = [undefined, admin, clerk, manager];
  });
  afterAll(() => t.close());

  it(
    `answers ${runs} malformed requests without a 5xx (seed ${seed})`,
    { timeout: 600_000 },
    async () => {
      console.log(`fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`);
      const routes = t.app.routeTable.filter(
        (route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD',
      );
      const request = fc.record({
        route: fc.constantFrom(...routes),
        id: idSegment,
        query,
        body,
        who: fc.integer({ min: 0, max: 3 }),
        key: fc.option(fc.oneof(fc.uuid(), text), { nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ route, id, query: search, body: sent, who, key }) => {
          const url = `${route.url.replace(':id', id)}${search}`;
          const user = tokens[who];
          const headers: Record<string, string> = { 'content-type': sent.type };
          if (user) headers.authorization = `Bearer ${user.token}`;
          if (key !== undefined) headers['idempotency-key'] = key;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { payload: sent.payload }),
            remoteAddress: `198.18.${who}.${(id.length % 250) + 1}`,
          });
          if (res.statusCode >= 500) {
            throw new Error(
              `${route.method} ${url} as ${user?.role ?? 'anonymous'} with ${sent.type} ${JSON.stringify(sent.payload).slice(0, 200)} → ${res.statusCode} ${res.payload.slice(0, 200)}`,
            );
          }
        }),
        { numRuns: runs, seed, endOnFailure: true },
      );
      expect(routes.length).toBeGreaterThan(40);
    },
  );
});
