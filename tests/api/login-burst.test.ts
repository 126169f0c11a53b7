import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId, nowIso } from '../../server/db/database.ts';
import { hashingBusy, hashingLimits, hashPassword } from '../../server/modules/users/password.ts';
import { buildTestApp, describeEachDatabase, type TestApp } from './harness.ts';

/**
 * A burst of logins (an office's tablets all signing in at 8:00, or a guesser with many
 * addresses) is bounded: password checks run a few at a time with a short line, and the rest are
 * answered 503 with Retry-After at once instead of piling up scrypt work and memory.
 */
describeEachDatabase('a burst of logins', (target) => {
  let t: TestApp;
  const email = 'burst@example.com';
  const password = 'Burst-pass-2026';

  beforeAll(async () => {
    t = await buildTestApp(target);
    // A hash slow enough (a few ms) that the burst's checks overlap, as real ones (~0.1 s) do.
    await t.db
      .insertInto('users')
      .values({
        id: newId(),
        email,
        passwordHash: await hashPassword(password, { N: 2 ** 13, r: 8, p: 1 }),
        role: 'employee',
        category: 'hardware',
        tokenVersion: 0,
        createdAt: nowIso(),
        updatedAt: nowIso(),
      })
      .execute();
  });
  afterAll(() => t.close());

  it('checks a few at a time, refuses the overflow with 503 and Retry-After, and never fails with 500', async () => {
    const burst = hashingLimits.concurrency + hashingLimits.queue + 12;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email, password },
          // Many addresses: the per-IP login limit is not what answers here.
          remoteAddress: `198.51.100.${index + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(
      hashingLimits.concurrency + hashingLimits.queue,
    );
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json()).toEqual({ message: hashingBusy });
    }
    // Once the burst is over, the next login is checked normally.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password },
      remoteAddress: '198.51.100.250',
    });
    expect(after.statusCode).toBe(200);
  });
});
