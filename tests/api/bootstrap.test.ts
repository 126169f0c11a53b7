import { afterEach, beforeEach, expect, it } from 'vitest';
import { bootstrapAdmin, defaultAdminEmail } from '../../server/bootstrap-admin.ts';
import { seedDemoUsers } from '../../server/seed-demo.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  loginAs,
  type TestApp,
} from './harness.ts';

describeEachDatabase('first admin and demo users', (target) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(target);
  });
  afterEach(() => t.close());

  it('creates the admin with a generated password once, which then signs in', async () => {
    const first = await bootstrapAdmin(t.db, { adminEmail: undefined, adminPassword: undefined });
    expect(first).toMatchObject({ created: true, email: defaultAdminEmail });
    if (!first.created || !first.generatedPassword)
      throw new Error('expected a generated password');
    expect(
      await loginAs(t, { email: defaultAdminEmail, password: first.generatedPassword }),
    ).toBeTruthy();
    expect(await bootstrapAdmin(t.db, { adminEmail: undefined, adminPassword: undefined })).toEqual(
      {
        created: false,
      },
    );
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD and never resets an existing admin', async () => {
    const created = await bootstrapAdmin(t.db, {
      adminEmail: 'Owner@Example.com',
      adminPassword: 'owner-pass',
    });
    expect(created).toEqual({
      created: true,
      email: 'owner@example.com',
      generatedPassword: undefined,
    });
    expect(await loginAs(t, { email: 'owner@example.com', password: 'owner-pass' })).toBeTruthy();
    const again = await bootstrapAdmin(t.db, {
      adminEmail: 'owner@example.com',
      adminPassword: 'changed',
    });
    expect(again).toEqual({ created: false });
    expect(await loginAs(t, { email: 'owner@example.com', password: 'owner-pass' })).toBeTruthy();
  });

  it('refuses to turn an existing non-admin into the first admin', async () => {
    await createUser(t, { email: 'taken@example.com', role: 'employee' });
    await expect(
      bootstrapAdmin(t.db, { adminEmail: 'taken@example.com', adminPassword: undefined }),
    ).rejects.toThrow(/ADMIN_EMAIL/);
  });

  it('seeds one demo employee per department, idempotently', async () => {
    const lines: string[] = [];
    await seedDemoUsers({ db: t.db, log: (line) => lines.push(line) });
    await seedDemoUsers({ db: t.db, log: (line) => lines.push(line) });
    const users = await t.db.selectFrom('users').select(['email', 'role', 'category']).execute();
    expect(users).toHaveLength(6);
    expect(users.every((user) => user.role === 'employee')).toBe(true);
    expect(lines.filter((line) => line.includes('created'))).toHaveLength(6);
  });
});
