import { afterAll, beforeAll, expect, it } from 'vitest';
import { passwordChangeMessages, passwordChangedSchema } from '../../domain/settings.ts';
import { loginLimits } from '../../server/modules/users/routes.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  loginAs,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * PUT /users/me/password: any signed-in user changes their own password with the current one;
 * every other session ends, this one continues with the fresh token from the answer. A wrong
 * current password is a 400 (a 401 would read as "session expired" to the PWA).
 */
describeEachDatabase('changing one’s own password', (target) => {
  let t: TestApp;
  let clerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    clerk = await createUser(t, { role: 'employee', category: 'godown', password: 'old-secret' });
  });
  afterAll(() => t.close());

  const change = (token: string, payload: unknown) =>
    request(t, {
      method: 'PUT',
      url: '/api/v1/users/me/password',
      token,
      payload: payload as object,
    });
  const canRead = async (token: string) =>
    (await request(t, { method: 'GET', url: '/api/v1/settings', token })).statusCode;

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const token = await loginAs(t, clerk);
    const res = await change(token, { currentPassword: 'not-it', newPassword: 'new-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: passwordChangeMessages.currentWrong });
    expect(await canRead(token)).toBe(200);
    expect(await loginAs(t, clerk)).toBeTruthy();
  });

  it('refuses missing or short passwords with the domain messages', async () => {
    const token = await loginAs(t, clerk);
    const cases: [unknown, string][] = [
      [{ newPassword: 'new-secret' }, passwordChangeMessages.currentRequired],
      [{ currentPassword: '', newPassword: 'new-secret' }, passwordChangeMessages.currentRequired],
      [{ currentPassword: 'old-secret' }, 'Password is required'],
      [
        { currentPassword: 'old-secret', newPassword: '12345' },
        'Password must be at least 6 characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await change(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('stores the new password, revokes every other session and hands this one a new token', async () => {
    const thisDevice = await loginAs(t, clerk);
    const otherDevice = await loginAs(t, clerk);
    const res = await change(thisDevice, {
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = passwordChangedSchema.parse(res.json());
    expect(body.message).toBe(passwordChangeMessages.changed);

    expect(await canRead(thisDevice)).toBe(401);
    expect(await canRead(otherDevice)).toBe(401);
    expect(await canRead(body.token)).toBe(200);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: clerk.email, password: 'old-secret' },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect(await loginAs(t, { email: clerk.email, password: 'new-secret' })).toBeTruthy();

    // Audited as a change of the user's password, never with the password or its hash.
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entityId', '=', clerk.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.changes ?? '{}')).toEqual({
      passwordHash: { before: '(hidden)', after: '(changed)' },
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      payload: { currentPassword: 'x', newPassword: 'yyyyyy' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits attempts per account like login', async () => {
    const guessed = await createUser(t, { role: 'employee', category: 'hardware' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= loginLimits.perAccount.max; attempt += 1) {
      const res = await change(guessed.token, {
        currentPassword: `guess-${attempt}`,
        newPassword: 'whatever1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, loginLimits.perAccount.max).every((status) => status === 400)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);
  });
});
