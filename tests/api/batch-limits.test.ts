import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { batchMessages, type BatchResponse } from '../../domain/batch.ts';
import { loginLimits } from '../../server/modules/users/routes.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * No counter rolls back with a sub-request (issue 22 item 2). Failed logins sent inside a batch
 * used to be uncounted: each sub-request ran in a savepoint, and a 401 rolled the rate-limit
 * counter back with it (297 wrong passwords, no 429). Now a rate-limited route cannot run inside
 * a batch at all, and its counters are written by their own statement, outside any request's
 * transaction.
 *
 * One rule per rate-limited route, generated from the route table: a limited route without an
 * entry below fails the first test.
 */
interface LimitedRoute {
  body(): object;
  /** Whether anything of the refused sub-requests ran (a message stored, a password changed). */
  ran(): Promise<boolean>;
}

describeEachDatabase('rate limits and POST /batch', (target) => {
  let t: TestApp;
  let clerk: TestUser;
  const password = 'right-password';

  beforeAll(async () => {
    t = await buildTestApp(target);
    clerk = await createUser(t, { role: 'employee', category: 'hardware', password });
  });
  afterAll(() => t.close());

  const count = async (table: 'support_messages' | 'contact_messages') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const login = (pass: string, user: TestUser = clerk) =>
    request(t, {
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: pass },
    });

  const limited: Record<string, LimitedRoute> = {
    'POST /users/login': {
      body: () => ({ email: clerk.email, password }),
      // A token handed out inside the batch would show up as a 200 answer.
      ran: async () => false,
    },
    'PUT /users/me/password': {
      body: () => ({ currentPassword: password, newPassword: `new-${randomUUID()}` }),
      ran: async () => (await login(password)).statusCode !== 200,
    },
    'POST /support': {
      body: () => ({ name: 'Asha', email: 'asha@example.com', subject: 'Hi', message: 'Hello' }),
      ran: async () => (await count('support_messages')) > 0,
    },
    'POST /contact': {
      body: () => ({ name: 'Asha', contact: 'asha@example.co.tz', message: 'Habari' }),
      ran: async () => (await count('contact_messages')) > 0,
    },
  };

  const limitedRoutes = () =>
    t.app.routeTable
      .filter((route) => route.rateLimited)
      .map((route) => ({ ...route, key: `${route.method} ${route.url.slice('/api/v1'.length)}` }));

  it('has a rule for every rate-limited route', () => {
    const keys = limitedRoutes().map((route) => route.key);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(keys.filter((key) => limited[key] === undefined)).toEqual([]);
  });

  it('refuses every rate-limited route inside a batch, runs none of it and counts nothing', async () => {
    const attempts = loginLimits.perAccount.max + 5;
    for (const route of limitedRoutes()) {
      const rule = limited[route.key];
      if (!rule) continue;
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/batch',
        token: clerk,
        payload: {
          requests: Array.from({ length: attempts }, (_, index) => ({
            id: String(index),
            method: route.method,
            url: route.url.slice('/api/v1'.length),
            headers: { 'idempotency-key': randomUUID() },
            body: rule.body(),
          })),
        },
      });
      expect(res.statusCode, route.key).toBe(200);
      const { responses } = res.json() as BatchResponse;
      expect(
        responses.map((answer) => [answer.status, (answer.body as { message: string }).message]),
        route.key,
      ).toEqual(responses.map(() => [400, batchMessages.notBatchable]));
      expect(await rule.ran(), route.key).toBe(false);
    }
    // None of the refused logins reached the limiter: the account still signs in.
    expect((await login(password)).statusCode).toBe(200);
  });

  it('counts failed logins outside the failing request: the limit holds once they are sent alone', async () => {
    const guessed = await createUser(t, { role: 'employee', category: 'hardware', password });
    for (let attempt = 0; attempt < loginLimits.perAccount.max; attempt += 1) {
      expect((await login('wrong-password', guessed)).statusCode).toBe(401);
    }
    // Even the right password is refused now: every failed attempt was counted.
    expect((await login(password, guessed)).statusCode).toBe(429);
  });
});
