import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { userFormMessages } from '../../domain/user-messages.ts';
import type { PublicUser } from '../../domain/users.ts';
import { authMessages } from '../../server/plugins/auth.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  loginAs,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

describeEachDatabase('user management: access', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let employee: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'godown' });
    employee = await createUser(t, { role: 'employee', category: 'hardware' });
    other = await createUser(t, { role: 'other', category: 'printing' });
  });
  afterAll(() => t.close());

  const routes = () => [
    { method: 'GET' as const, url: '/api/v1/users' },
    {
      method: 'POST' as const,
      url: '/api/v1/users/signup',
      payload: { email: 'x@example.com', password: 'secret1', role: 'admin', category: 'godown' },
    },
    {
      method: 'PUT' as const,
      url: `/api/v1/users/${employee.id}`,
      payload: { email: employee.email, role: 'admin', category: 'godown' },
    },
    { method: 'DELETE' as const, url: `/api/v1/users/${admin.id}` },
  ];

  it('answers 403 to employees and other roles on every /users route', async () => {
    for (const user of [employee, other]) {
      for (const route of routes()) {
        const res = await request(t, { ...route, token: user });
        expect(res.statusCode, `${user.role} ${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ message: authMessages.accessDenied });
      }
    }
    // Nothing changed.
    const list = await request(t, { method: 'GET', url: '/api/v1/users', token: admin });
    expect((list.json() as PublicUser[]).map((u) => u.role).sort()).toEqual([
      'admin',
      'employee',
      'other',
    ]);
  });

  it('answers 401 on every /users route without a token', async () => {
    for (const route of routes()) {
      const res = await request(t, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual({ message: authMessages.missingToken });
    }
  });
});

describeEachDatabase('user management', (target) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'godown', email: 'boss@example.com' });
  });
  afterAll(() => t.close());

  const signup = (payload: object) =>
    request(t, { method: 'POST', url: '/api/v1/users/signup', token: admin, payload });
  const edit = (id: string, payload: object) =>
    request(t, { method: 'PUT', url: `/api/v1/users/${id}`, token: admin, payload });

  it('lists users without password hashes', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/users', token: admin });
    expect(res.statusCode).toBe(200);
    const users = res.json() as Record<string, unknown>[];
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(
        ['_id', 'category', 'createdAt', 'email', 'role', 'updatedAt'].sort(),
      );
    }
  });

  it('creates a user who can then sign in, with the spec defaults', async () => {
    const res = await signup({ email: 'New.Person@Example.com', password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const created = res.json() as PublicUser;
    expect(created).toMatchObject({
      email: 'new.person@example.com',
      role: 'employee',
      category: 'animal-feeding',
    });
    expect(created).not.toHaveProperty('passwordHash');
    expect(created).not.toHaveProperty('password');
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const token = await loginAs(t, { email: 'new.person@example.com', password: 'secret1' });
    expect(token).toBeTruthy();
  });

  it.each([
    [{ password: 'secret1' }, userFormMessages.emailRequired],
    [{ email: 'bad', password: 'secret1' }, userFormMessages.emailInvalid],
    [{ email: 'p@example.com' }, userFormMessages.passwordRequired],
    [{ email: 'p@example.com', password: '123' }, userFormMessages.passwordTooShort],
  ])('validates signup %j', async (payload, message) => {
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('rejects an unknown role or category', async () => {
    const role = await signup({ email: 'r@example.com', password: 'secret1', role: 'root' });
    expect(role.statusCode).toBe(400);
    const category = await signup({ email: 'c@example.com', password: 'secret1', category: 'x' });
    expect(category.statusCode).toBe(400);
  });

  it('keeps e-mails unique regardless of case (409)', async () => {
    const first = await signup({ email: 'dup@example.com', password: 'secret1' });
    expect(first.statusCode).toBe(201);
    const again = await signup({ email: 'DUP@Example.COM', password: 'secret1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: userFormMessages.emailTaken });
    // Editing another user onto that e-mail is refused too.
    const victim = await createUser(t);
    const edited = await edit(victim.id, {
      email: 'Dup@example.com',
      role: 'employee',
      category: 'hardware',
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json()).toEqual({ message: userFormMessages.emailTaken });
  });

  it('edits a user and keeps the password when it is blank or missing', async () => {
    const user = await createUser(t, { role: 'employee', category: 'hardware' });
    const blank = await edit(user.id, {
      email: user.email.toUpperCase(),
      password: '',
      role: 'other',
      category: 'stationery',
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({
      _id: user.id,
      email: user.email,
      role: 'other',
      category: 'stationery',
    });
    expect(blank.json()).not.toHaveProperty('token');
    const missing = await edit(user.id, { email: user.email, role: 'other', category: 'godown' });
    expect(missing.statusCode).toBe(200);
    expect(await loginAs(t, user)).toBeTruthy();
  });

  it('validates edits with the spec messages', async () => {
    const user = await createUser(t);
    const short = await edit(user.id, {
      email: user.email,
      password: '123',
      role: 'employee',
      category: 'hardware',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(userFormMessages.passwordTooShort);
    const noEmail = await edit(user.id, { role: 'employee', category: 'hardware' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(userFormMessages.emailRequired);
  });

  it('answers 404 for editing or deleting an unknown user', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const edited = await edit(id, {
      email: 'z@example.com',
      role: 'employee',
      category: 'hardware',
    });
    expect(edited.statusCode).toBe(404);
    expect(edited.json()).toEqual({ message: userFormMessages.userNotFound });
    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/v1/users/${id}`,
      token: admin,
    });
    expect(deleted.statusCode).toBe(404);
  });

  it('deletes a user', async () => {
    const user = await createUser(t);
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/v1/users/${user.id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const list = await request(t, { method: 'GET', url: '/api/v1/users', token: admin });
    expect((list.json() as PublicUser[]).some((u) => u._id === user.id)).toBe(false);
  });

  it('does not let an admin delete their own account', async () => {
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/v1/users/${admin.id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: userFormMessages.cannotDeleteSelf });
  });
});

describeEachDatabase('last admin protection', (target) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('users').execute();
    admin = await createUser(t, { role: 'admin', category: 'godown' });
  });

  it('does not demote the last admin, even by their own edit', async () => {
    const res = await request(t, {
      method: 'PUT',
      url: `/api/v1/users/${admin.id}`,
      token: admin,
      payload: { email: admin.email, role: 'employee', category: 'godown' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: userFormMessages.lastAdmin });
  });

  it('demotes and deletes an admin while another remains, then protects the last one', async () => {
    const second = await createUser(t, { role: 'admin', category: 'hardware' });
    const demoted = await request(t, {
      method: 'PUT',
      url: `/api/v1/users/${second.id}`,
      token: admin,
      payload: { email: second.email, role: 'employee', category: 'hardware' },
    });
    expect(demoted.statusCode).toBe(200);

    const third = await createUser(t, { role: 'admin', category: 'hardware' });
    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/v1/users/${admin.id}`,
      token: third,
    });
    expect(deleted.statusCode).toBe(200);

    // `third` is now the only admin: cannot be demoted by itself.
    const last = await request(t, {
      method: 'PUT',
      url: `/api/v1/users/${third.id}`,
      token: third,
      payload: { email: third.email, role: 'other', category: 'hardware' },
    });
    expect(last.statusCode).toBe(409);
  });

  it('refuses concurrent demotions that would leave no admin', async () => {
    const second = await createUser(t, { role: 'admin', category: 'hardware' });
    const demote = (actor: TestUser, target: TestUser) =>
      request(t, {
        method: 'PUT',
        url: `/api/v1/users/${target.id}`,
        token: actor,
        payload: { email: target.email, role: 'employee', category: 'hardware' },
      });
    const results = await Promise.all([demote(admin, second), demote(second, admin)]);
    const statuses = results.map((res) => res.statusCode).sort();
    // One wins; the other is refused (409), or its actor was already signed out by the first (401/403).
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
