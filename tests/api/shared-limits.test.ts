import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loginLimits, tooManyLoginAttempts } from '../../server/modules/users/routes.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  startSecondProcess,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Two API processes on one database count against the same limits (issue 13): the counters live
 * in the database, not in each process's memory. The second "process" here is a second app with
 * its own database connection (pool) and its own rate-limit plugin, as a second process has.
 */
describeEachDatabase('rate limits shared by API processes', (target) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondProcess>>;
  let clerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    second = await startSecondProcess(t);
    clerk = await createUser(t, { role: 'employee', category: 'hardware', password: 'right-pass' });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('refuses the guess after the account’s limit, whichever process got the earlier ones', async () => {
    const apps = [t.app, second.app];
    const guess = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: clerk.email, password: 'wrong-guess' },
        remoteAddress: '192.0.2.44',
      });
    for (let attempt = 0; attempt < loginLimits.perAccount.max; attempt += 1) {
      const res = await guess(apps[attempt % 2] as FastifyInstance);
      expect(res.statusCode, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const app of apps) {
      const res = await guess(app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: tooManyLoginAttempts });
    }
  });
});
