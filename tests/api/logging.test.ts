import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * What the logs say (issue 13): a failed login and a refused request name the account, and
 * nothing secret is ever written: no password, no token, no query string.
 */
describeEachDatabase('logs', (target) => {
  let t: TestApp;
  let clerk: TestUser;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(target, {
      config: { logLevel: 'info' },
      logStream: {
        write(line: string) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    });
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  it('name the account of a failed login, never the password tried', async () => {
    const res = await request(t, {
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: clerk.email, password: 'Wrong-guess-8812' },
    });
    expect(res.statusCode).toBe(401);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'login failed', account: clerk.email }),
    );
    expect(raw.join('\n')).not.toContain('Wrong-guess-8812');
  });

  it('name the account refused with 403, and keep tokens and query strings out', async () => {
    const res = await request(t, {
      method: 'GET',
      url: '/api/v1/users?search=private-term',
      token: clerk,
    });
    expect(res.statusCode).toBe(403);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'access denied', account: clerk.email, role: 'employee' }),
    );
    const all = raw.join('\n');
    expect(all).not.toContain('private-term');
    expect(all).not.toContain(clerk.token);
    expect(all).toContain('"url":"/api/v1/users"');
  });
});
