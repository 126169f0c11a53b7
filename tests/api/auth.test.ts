import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginMessages } from '../../domain/user-messages.ts';
import { createTokenService } from '../../server/plugins/tokens.ts';
import { loginLimits, tooManyLoginAttempts } from '../../server/modules/users/routes.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  loginAs,
  request,
  testJwtSecret,
  type TestApp,
  type TestUser,
} from './harness.ts';

const login = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  request(t, { method: 'POST', url: '/api/v1/users/login', payload: payload as object, headers });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeEachDatabase('sign-in', (target) => {
  let t: TestApp;
  let employee: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    employee = await createUser(t, {
      role: 'employee',
      category: 'hardware',
      password: 'right-pass',
    });
  });
  afterAll(() => t.close());

  it('answers the user and a token for the right password', async () => {
    const res = await login(t, { email: employee.email, password: 'right-pass' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      _id: employee.id,
      email: employee.email,
      role: 'employee',
      category: 'hardware',
      message: 'Login successful',
    });
    expect(body).not.toHaveProperty('passwordHash');
    expect(typeof body.token).toBe('string');
    // The token works for an authenticated route (here: a 403, not a 401, for a non-admin).
    const users = await request(t, { method: 'GET', url: '/api/v1/users', token: body.token });
    expect(users.statusCode).toBe(403);
  });

  it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const res = await login(t, {
      email: `  ${employee.email.toUpperCase()} `,
      password: 'right-pass',
    });
    expect(res.statusCode).toBe(200);
  });

  it('carries sub, role, category, ver and exp in the token', async () => {
    const token = await loginAs(t, { email: employee.email, password: 'right-pass' });
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map(
        (part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>,
      );
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(payload).toMatchObject({
      sub: employee.id,
      role: 'employee',
      category: 'hardware',
      ver: 0,
    });
    expect(payload?.exp).toBe((payload?.iat as number) + t.config.tokenTtlSeconds);
  });

  it('rejects a wrong password and an unknown e-mail with the same 401 message', async () => {
    const wrong = await login(t, { email: employee.email, password: 'wrong-pass' });
    const unknown = await login(t, { email: 'nobody@example.com', password: 'right-pass' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: loginMessages.invalidCredentials });
    expect(unknown.json()).toEqual({ message: loginMessages.invalidCredentials });
  });

  it.each([
    [{}, loginMessages.emailRequired],
    [{ email: '', password: 'secret1' }, loginMessages.emailRequired],
    [{ email: 'not-an-email', password: 'secret1' }, loginMessages.emailInvalid],
    [{ email: 'a@example.com' }, loginMessages.passwordRequired],
    [{ email: 'a@example.com', password: '' }, loginMessages.passwordRequired],
    [{ email: 'a@example.com', password: '12345' }, loginMessages.passwordTooShort],
    [{ email: 42, password: 'secret1' }, loginMessages.emailRequired],
  ])('validates %j with the spec message', async (payload, message) => {
    const res = await login(t, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(Array.isArray(res.json().errors)).toBe(true);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await login(t, ['a']);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describeEachDatabase('session tokens', (target) => {
  let t: TestApp;
  let admin: TestUser;
  const listUsers = (token: string | undefined, headers: Record<string, string> = {}) =>
    request(t, { method: 'GET', url: '/api/v1/users', headers, ...(token ? { token } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'godown' });
  });
  afterAll(() => t.close());

  it('accepts a valid token', async () => {
    expect((await listUsers(admin.token)).statusCode).toBe(200);
  });

  it('answers 401 without a token or with a malformed header', async () => {
    const none = await listUsers(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: expect.any(String) });
    expect((await listUsers(undefined, { authorization: 'Basic abc' })).statusCode).toBe(401);
    expect((await listUsers(undefined, { authorization: 'Bearer' })).statusCode).toBe(401);
    expect((await listUsers('not.a.jwt')).statusCode).toBe(401);
  });

  it('answers 401 for a tampered token', async () => {
    const [header, , signature] = admin.token.split('.');
    const employee = await createUser(t, { role: 'employee' });
    const [, employeePayload, employeeSignature] = employee.token.split('.');
    const claims = JSON.parse(Buffer.from(employeePayload ?? '', 'base64url').toString()) as object;
    const promoted = `${header}.${base64url({ ...claims, role: 'admin' })}.${employeeSignature}`;
    expect((await listUsers(promoted)).statusCode).toBe(401);
    // Someone else's signature on this payload does not verify either.
    expect((await listUsers(`${header}.${employeePayload}.${signature}`)).statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'admin', category: 'godown', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(testJwtSecret));
    const res = await listUsers(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 for a correctly signed token that never expires (no exp claim)', async () => {
    const forever = await new SignJWT({ role: 'admin', category: 'godown', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuedAt()
      .sign(new TextEncoder().encode(testJwtSecret));
    const res = await listUsers(forever);
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for a correctly signed token that lives longer than TOKEN_TTL (exp in the year 3000)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const longLived = await new SignJWT({ role: 'admin', category: 'godown', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(Date.UTC(3000, 0, 1) / 1000))
      .sign(new TextEncoder().encode(testJwtSecret));
    expect((await listUsers(longLived)).statusCode).toBe(401);
  });

  it("answers 401 for an unsigned token (alg 'none')", async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      sub: admin.id,
      role: 'admin',
      category: 'godown',
      ver: 0,
      iat: now,
      exp: now + 3600,
    };
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
    expect((await listUsers(unsigned)).statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another algorithm or another secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hs512 = await new SignJWT({ role: 'admin', category: 'godown', ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(admin.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(testJwtSecret));
    expect((await listUsers(hs512)).statusCode).toBe(401);
    const foreign = await createTokenService({
      jwtSecret: 'another-secret-that-is-also-long-enough-000',
      tokenTtlSeconds: 3600,
    }).sign({ ...admin, tokenVersion: 0 });
    expect((await listUsers(foreign)).statusCode).toBe(401);
  });

  it('answers 401 for a token of a user that does not exist', async () => {
    const ghost = await createTokenService(t.config).sign({
      id: '00000000-0000-4000-8000-000000000000',
      email: 'ghost@example.com',
      role: 'admin',
      category: 'godown',
      tokenVersion: 0,
    });
    expect((await listUsers(ghost)).statusCode).toBe(401);
  });
});

describeEachDatabase('token revocation', (target) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'godown' });
  });
  afterAll(() => t.close());

  const canList = async (token: string) =>
    (await request(t, { method: 'GET', url: '/api/v1/users', token })).statusCode;

  const edit = (id: string, body: object) =>
    request(t, { method: 'PUT', url: `/api/v1/users/${id}`, token: admin.token, payload: body });

  it('revokes old tokens when the password changes', async () => {
    const other = await createUser(t, { role: 'admin', category: 'hardware' });
    const oldToken = await loginAs(t, other);
    expect(await canList(oldToken)).toBe(200);
    const res = await edit(other.id, {
      email: other.email,
      password: 'brand-new-pass',
      role: 'admin',
      category: 'hardware',
    });
    expect(res.statusCode).toBe(200);
    expect(await canList(oldToken)).toBe(401);
    expect(await canList(other.token)).toBe(401);
    // The new password signs in; the old one does not.
    const fresh = await loginAs(t, { email: other.email, password: 'brand-new-pass' });
    expect(await canList(fresh)).toBe(200);
    const old = await request(t, {
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: other.email, password: other.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('revokes old tokens when the role or category is edited', async () => {
    const other = await createUser(t, { role: 'admin', category: 'hardware' });
    expect(await canList(other.token)).toBe(200);
    const res = await edit(other.id, { email: other.email, role: 'admin', category: 'printing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toBe('printing');
    expect(await canList(other.token)).toBe(401);
    // A blank password kept the old one.
    expect(await canList(await loginAs(t, other))).toBe(200);
  });

  it('revokes tokens of a deleted user', async () => {
    const other = await createUser(t, { role: 'admin', category: 'hardware' });
    expect(await canList(other.token)).toBe(200);
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/v1/users/${other.id}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(await canList(other.token)).toBe(401);
  });

  it('gives an admin who edits their own account a fresh token', async () => {
    const self = await createUser(t, { role: 'admin', category: 'godown' });
    const res = await request(t, {
      method: 'PUT',
      url: `/api/v1/users/${self.id}`,
      token: self.token,
      payload: { email: self.email, password: 'my-new-pass', role: 'admin', category: 'godown' },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    expect(await canList(self.token)).toBe(401);
    expect(await canList(token)).toBe(200);
  });
});

describeEachDatabase('login rate limit', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(target);
  });
  afterAll(() => t.close());

  it('answers 429 after too many attempts for one e-mail', async () => {
    const user = await createUser(t, { password: 'right-pass' });
    for (let i = 0; i < loginLimits.perAccount.max; i += 1) {
      const res = await login(t, { email: user.email, password: 'wrong-pass' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t, { email: user.email.toUpperCase(), password: 'right-pass' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: tooManyLoginAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is still allowed.
    const other = await createUser(t, { password: 'right-pass' });
    expect((await login(t, { email: other.email, password: 'right-pass' })).statusCode).toBe(200);
  });

  it('answers 429 after too many attempts from one address across e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= loginLimits.perIp.max; i += 1) {
      // Invalid bodies: the per-address limit counts before validation, and costs no hashing.
      statuses.push((await login(t, { email: `spray-${i}` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 5).every((status) => status === 400 || status === 429)).toBe(true);
  });
});
