import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicUser } from '../../domain/users.ts';
import { authMessages } from '../../server/plugins/auth.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * A department's manager (issue 25 item 4, docs/decisions/0038): runs their department's products
 * and employees, and nothing of another department or of the company.
 */
const cement = {
  name: 'Cement',
  description: '50 kg bags',
  price: 18_000,
  quantity: 8,
  location: 'Deck A',
  condition: 'new',
};

describeEachDatabase('department managers', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let otherManager: TestUser;
  let clerk: TestUser;
  let hardwareClerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    manager = await createUser(t, { role: 'manager', category: 'godown' });
    otherManager = await createUser(t, { role: 'manager', category: 'godown' });
    clerk = await createUser(t, { role: 'employee', category: 'godown' });
    hardwareClerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  const denied = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: authMessages.accessDenied });
  };

  it("creates, edits and deletes their department's products", async () => {
    const created = await request(t, {
      method: 'POST',
      url: '/api/v1/godown/products',
      token: manager,
      payload: cement,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    const edited = await request(t, {
      method: 'PUT',
      url: `/api/v1/godown/products/${id}`,
      token: manager,
      payload: { ...cement, quantity: 40, condition: undefined },
    });
    expect(edited.statusCode).toBe(200);
    const gone = await request(t, {
      method: 'DELETE',
      url: `/api/v1/godown/products/${id}`,
      token: manager,
    });
    expect(gone.statusCode).toBe(200);
  });

  it("sees their department's revenue, reports and movement logs, not another's", async () => {
    for (const url of [
      '/godown/revenue?period=day',
      '/godown/products-count',
      '/godown/movement-logs',
    ]) {
      const res = await request(t, { method: 'GET', url: `/api/v1${url}`, token: manager });
      expect(res.statusCode, url).toBe(200);
    }
    for (const url of ['/hardware/revenue?period=day', '/hardware/products', '/hardware/orders']) {
      denied(await request(t, { method: 'GET', url: `/api/v1${url}`, token: manager }));
    }
  });

  it('never reaches company settings, the support inbox, the audit or the company stats', async () => {
    denied(
      await request(t, {
        method: 'PUT',
        url: '/api/v1/settings',
        token: manager,
        payload: { companyName: 'Taken over' },
      }),
    );
    for (const url of ['/support/messages', '/audit', '/stats', '/contact', '/server-status']) {
      denied(await request(t, { method: 'GET', url: `/api/v1${url}`, token: manager }));
    }
  });

  it('creates, lists, edits and deletes employees of their own department', async () => {
    const created = await request(t, {
      method: 'POST',
      url: '/api/v1/users/signup',
      token: manager,
      payload: {
        email: 'new-storeman@example.com',
        password: 'secret1',
        role: 'employee',
        category: 'godown',
      },
    });
    expect(created.statusCode).toBe(201);
    const newcomer = created.json<PublicUser>();

    const list = await request(t, { method: 'GET', url: '/api/v1/users', token: manager });
    expect(list.statusCode).toBe(200);
    const listed = list.json<PublicUser[]>();
    // Only their department's employees: not the admin, the other manager or hardware's clerk.
    expect(listed.map((user) => user._id).sort()).toEqual([clerk.id, newcomer._id].sort());

    const edited = await request(t, {
      method: 'PUT',
      url: `/api/v1/users/${newcomer._id}`,
      token: manager,
      payload: { email: 'storeman@example.com', role: 'employee', category: 'godown' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<PublicUser>().email).toBe('storeman@example.com');

    const removed = await request(t, {
      method: 'DELETE',
      url: `/api/v1/users/${newcomer._id}`,
      token: manager,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('cannot create an admin, a manager or another department’s user', async () => {
    for (const [role, category] of [
      ['admin', 'godown'],
      ['manager', 'godown'],
      ['employee', 'hardware'],
    ]) {
      denied(
        await request(t, {
          method: 'POST',
          url: '/api/v1/users/signup',
          token: manager,
          payload: {
            email: `${role}-${category}@example.com`,
            password: 'secret1',
            role,
            category,
          },
        }),
      );
    }
    const list = await request(t, { method: 'GET', url: '/api/v1/users', token: admin });
    expect(
      list.json<PublicUser[]>().some((user) => user.email.endsWith('-godown@example.com')),
    ).toBe(false);
  });

  it('cannot edit or delete an admin, another manager or another department’s user, nor promote or move an employee', async () => {
    for (const target of [admin, otherManager, hardwareClerk]) {
      denied(
        await request(t, {
          method: 'PUT',
          url: `/api/v1/users/${target.id}`,
          token: manager,
          payload: { email: target.email, role: 'employee', category: 'godown' },
        }),
      );
      denied(
        await request(t, { method: 'DELETE', url: `/api/v1/users/${target.id}`, token: manager }),
      );
    }
    for (const change of [
      { role: 'admin', category: 'godown' },
      { role: 'manager', category: 'godown' },
      { role: 'employee', category: 'hardware' },
    ]) {
      denied(
        await request(t, {
          method: 'PUT',
          url: `/api/v1/users/${clerk.id}`,
          token: manager,
          payload: { email: clerk.email, ...change },
        }),
      );
    }
    const list = await request(t, { method: 'GET', url: '/api/v1/users', token: admin });
    const users = list.json<PublicUser[]>();
    expect(users.find((user) => user._id === clerk.id)).toMatchObject({
      role: 'employee',
      category: 'godown',
    });
    expect(users.map((user) => user._id)).toEqual(
      expect.arrayContaining([admin.id, otherManager.id, hardwareClerk.id]),
    );
  });

  it('an employee still cannot do what a manager does', async () => {
    denied(
      await request(t, {
        method: 'POST',
        url: '/api/v1/godown/products',
        token: clerk,
        payload: cement,
      }),
    );
    denied(await request(t, { method: 'GET', url: '/api/v1/users', token: clerk }));
    denied(
      await request(t, { method: 'GET', url: '/api/v1/godown/revenue?period=day', token: clerk }),
    );
  });

  it('admins still manage every user, managers included', async () => {
    const res = await request(t, {
      method: 'PUT',
      url: `/api/v1/users/${otherManager.id}`,
      token: admin,
      payload: { email: otherManager.email, role: 'employee', category: 'godown' },
    });
    expect(res.statusCode).toBe(200);
  });
});
