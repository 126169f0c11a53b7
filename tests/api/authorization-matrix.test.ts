import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { batchMessages, type BatchResponse } from '../../domain/batch.ts';
import { departmentIds, type DepartmentId } from '../../domain/departments.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Every API route × every kind of caller, generated from the app's own route table: a route
 * added without an access rule here fails the first test, so nothing ships unchecked (issue 13).
 *
 * Rules: public (anyone), signedIn (any valid token), member (the department's employees, its
 * manager and admins), manage (the department's manager and admins), managers (admins and any
 * department's manager; the handler narrows a manager to their department's employees, see
 * tests/api/managers.test.ts), admin (admins only). Department routes are written with `{dept}`.
 */
type Rule = 'public' | 'signedIn' | 'member' | 'manage' | 'managers' | 'admin';

const rules: Record<string, Rule> = {
  'GET /health': 'public',
  'POST /users/login': 'public',
  'POST /contact': 'public',
  'GET /images/:id': 'public',
  'POST /batch': 'signedIn',
  'GET /contact': 'admin',
  'GET /users': 'managers',
  'GET /stats': 'admin',
  'GET /audit': 'admin',
  'GET /server-status': 'admin',
  'POST /users/signup': 'managers',
  'PUT /users/:id': 'managers',
  'DELETE /users/:id': 'managers',
  'GET /settings': 'signedIn',
  'PUT /settings': 'admin',
  'PUT /users/me/password': 'signedIn',
  'POST /support': 'signedIn',
  'GET /support/messages': 'admin',
  'GET /support/unread-count': 'admin',
  'PATCH /support/messages/:id': 'admin',
  'GET /{dept}/revenue': 'manage',
  'GET /{dept}/reports': 'manage',
  'GET /{dept}/reports/rows': 'manage',

  'GET /{dept}/orders-count': 'manage',
  'GET /{dept}/sales-total': 'manage',
  'GET /{dept}/products-count': 'manage',
  'GET /{dept}/products': 'member',
  'GET /{dept}/products/:id': 'member',
  'GET /{dept}/products/by-barcode/:barcode': 'member',
  'POST /{dept}/products': 'manage',
  'PUT /{dept}/products/:id': 'manage',
  'DELETE /{dept}/products/:id': 'manage',
  'POST /{dept}/products/bulk-upload': 'manage',
  'GET /{dept}/orders': 'member',
  'GET /{dept}/orders/:id': 'member',
  'POST /{dept}/orders': 'member',
  'PUT /{dept}/orders/:id': 'manage',
  'DELETE /{dept}/orders/:id': 'manage',
  'POST /{dept}/inventory-movement': 'manage',
  'GET /{dept}/movement-logs': 'manage',
  'GET /{dept}/stock-counts': 'member',
  'POST /{dept}/stock-counts': 'member',
  'POST /{dept}/stock-counts/:id/submit': 'member',
  'POST /{dept}/stock-counts/:id/apply': 'manage',
  'POST /{dept}/stock-counts/:id/cancel': 'manage',
  'GET /{dept}/sales': 'member',
  'GET /{dept}/sales/:id': 'member',
  'POST /{dept}/sales': 'member',
  'GET /{dept}/suppliers': 'member',
  'POST /{dept}/suppliers': 'member',
  'PUT /{dept}/suppliers/:id': 'member',
  'GET /{dept}/deliveries': 'member',
  'GET /{dept}/deliveries/:id': 'member',
  'POST /{dept}/deliveries': 'member',
};

/**
 * The routes a tablet queues offline, the only ones POST /batch runs (issue 22). Every other
 * route answers 400 inside a batch, whoever asks.
 */
const batchable = new Set([
  'POST /{dept}/orders',
  'PUT /{dept}/orders/:id',
  'DELETE /{dept}/orders/:id',
  'POST /{dept}/products',
  'PUT /{dept}/products/:id',
  'DELETE /{dept}/products/:id',
  'POST /{dept}/inventory-movement',
  'POST /{dept}/stock-counts',
  'POST /{dept}/stock-counts/:id/submit',
  'POST /{dept}/sales',
  'POST /{dept}/suppliers',
  'PUT /{dept}/suppliers/:id',
  'POST /{dept}/deliveries',
]);

const apiPrefix = '/api/v1';

interface Row {
  method: string;
  url: string;
  key: string;
  department: DepartmentId | undefined;
}

function rowOf(method: string, url: string): Row {
  const path = url.slice(apiPrefix.length);
  const first = path.split('/')[1] ?? '';
  const department = (departmentIds as readonly string[]).includes(first)
    ? (first as DepartmentId)
    : undefined;
  const pattern = department ? path.replace(`/${department}`, '/{dept}') : path;
  return { method, url, key: `${method} ${pattern}`, department };
}

describeEachDatabase('authorization matrix', (target) => {
  let t: TestApp;
  let admin: TestUser;
  const clerks = new Map<DepartmentId, TestUser>();
  const managers = new Map<DepartmentId, TestUser>();
  let rows: Row[];

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    for (const department of departmentIds) {
      clerks.set(department, await createUser(t, { role: 'employee', category: department }));
      managers.set(department, await createUser(t, { role: 'manager', category: department }));
    }
    rows = t.app.routeTable
      .filter((route) => route.url.startsWith(`${apiPrefix}/`) && route.method !== 'HEAD')
      .map((route) => rowOf(route.method, route.url));
  });
  afterAll(() => t.close());

  it('has an access rule for every API route', () => {
    expect(rows.length).toBeGreaterThan(40);
    const missing = rows.filter((row) => rules[row.key] === undefined).map((row) => row.key);
    expect(missing, 'routes without an access rule in this test').toEqual([]);
  });

  const send = (row: Row, token: TestUser | undefined) => {
    const url = row.url.replace(':id', '5d0c7c35-8c8e-4c7e-9a55-0e0a7c1e4b21');
    const hasBody = row.method === 'POST' || row.method === 'PUT';
    return request(t, {
      method: row.method as 'GET',
      url,
      token,
      ...(hasBody ? { payload: {} } : {}),
      // Keep the public form's per-IP limit out of the way.
      remoteAddress: `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
    });
  };
  const refused = (status: number) => status === 401 || status === 403;

  it('answers every caller as its rule says: 401 without a session, 403 outside it, never for those allowed', async () => {
    const wrong: string[] = [];
    const expectThat = (row: Row, who: string, status: number, shouldRefuse: boolean | number) => {
      const ok =
        typeof shouldRefuse === 'number'
          ? status === shouldRefuse
          : refused(status) === shouldRefuse;
      if (!ok) wrong.push(`${row.method} ${row.url} as ${who}: ${status}`);
    };
    for (const row of rows) {
      const rule = rules[row.key];
      if (!rule) continue;
      const own = row.department ? clerks.get(row.department) : clerks.get('hardware');
      const otherDepartment = departmentIds.find((id) => id !== (row.department ?? 'hardware'));
      const other = clerks.get(otherDepartment ?? 'godown');
      const ownManager = managers.get(row.department ?? 'hardware');
      const otherManager = managers.get(otherDepartment ?? 'godown');

      expectThat(
        row,
        'anonymous',
        (await send(row, undefined)).statusCode,
        rule === 'public' ? false : 401,
      );
      expectThat(row, 'admin', (await send(row, admin)).statusCode, false);
      const ownStatus = (await send(row, own)).statusCode;
      const otherStatus = (await send(row, other)).statusCode;
      const ownManagerStatus = (await send(row, ownManager)).statusCode;
      const otherManagerStatus = (await send(row, otherManager)).statusCode;
      if (rule === 'public' || rule === 'signedIn') {
        expectThat(row, 'an employee', ownStatus, false);
        expectThat(row, 'another employee', otherStatus, false);
        expectThat(row, 'a manager', ownManagerStatus, false);
      } else if (rule === 'member') {
        expectThat(row, 'its department’s employee', ownStatus, false);
        expectThat(row, 'another department’s employee', otherStatus, 403);
        expectThat(row, 'its department’s manager', ownManagerStatus, false);
        expectThat(row, 'another department’s manager', otherManagerStatus, 403);
      } else if (rule === 'manage') {
        expectThat(row, 'its department’s employee', ownStatus, 403);
        expectThat(row, 'another employee', otherStatus, 403);
        expectThat(row, 'its department’s manager', ownManagerStatus, false);
        expectThat(row, 'another department’s manager', otherManagerStatus, 403);
      } else if (rule === 'managers') {
        expectThat(row, 'an employee', ownStatus, 403);
        expectThat(row, 'a manager', ownManagerStatus, false);
        expectThat(row, 'another manager', otherManagerStatus, false);
      } else {
        expectThat(row, 'an employee', ownStatus, 403);
        expectThat(row, 'another employee', otherStatus, 403);
        expectThat(row, 'a manager', ownManagerStatus, 403);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declares exactly the offline writes batchable', () => {
    const declared = new Set(t.app.writeRoutes.map((entry) => rowOf(entry.method, entry.url).key));
    expect([...declared].sort()).toEqual([...batchable].sort());
  });

  const sendInBatch = (row: Row, caller: TestUser) => {
    const path = row.url.slice(apiPrefix.length).replace(/:[A-Za-z]+/g, randomUUID());
    const hasBody = row.method === 'POST' || row.method === 'PUT' || row.method === 'PATCH';
    return request(t, {
      method: 'POST',
      url: '/api/v1/batch',
      token: caller,
      payload: {
        requests: [
          {
            id: 'only',
            method: row.method,
            url: path,
            headers: { 'idempotency-key': randomUUID() },
            ...(hasBody ? { body: {} } : {}),
          },
        ],
      },
    });
  };

  it('answers every route inside a batch: a batchable one by its rule, any other with 400, never run', async () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const rule = rules[row.key];
      if (!rule) continue;
      const own = row.department ? clerks.get(row.department) : clerks.get('hardware');
      const otherDepartment = departmentIds.find((id) => id !== (row.department ?? 'hardware'));
      const other = clerks.get(otherDepartment ?? 'godown');
      const callers: [string, TestUser | undefined][] = [
        ['admin', admin],
        ['an employee of it', own],
        ['another employee', other],
        ['its manager', managers.get(row.department ?? 'hardware')],
        ['another manager', managers.get(otherDepartment ?? 'godown')],
      ];
      for (const [who, caller] of callers) {
        if (!caller) continue;
        const res = await sendInBatch(row, caller);
        const answer = (res.json() as BatchResponse).responses?.[0];
        if (res.statusCode !== 200 || !answer) {
          wrong.push(`${row.key} as ${who}: the batch answered ${res.statusCode}`);
          continue;
        }
        const status = answer.status;
        if (!batchable.has(row.key)) {
          const expected =
            row.key === 'POST /batch' ? batchMessages.nested : batchMessages.notBatchable;
          const message = (answer.body as { message?: string } | undefined)?.message;
          if (status !== 400 || message !== expected) {
            wrong.push(`${row.key} as ${who}: ${status} ${message ?? ''}`);
          }
          continue;
        }
        const outsider = who === 'another employee' || who === 'another manager';
        const refusedHere =
          who === 'admin'
            ? false
            : rule === 'admin' ||
              (rule === 'member' && outsider) ||
              (rule === 'manage' && who !== 'its manager');
        if (refusedHere ? status !== 403 : refused(status)) {
          wrong.push(`${row.key} as ${who}: ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
