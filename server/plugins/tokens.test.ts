import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenService } from './tokens.ts';

const user = {
  id: 'user-1',
  email: 'user@example.com',
  role: 'employee' as const,
  category: 'hardware' as const,
  tokenVersion: 3,
};
/** What verify answers for `user`'s token: the user as of its version. */
const claims = {
  sub: 'user-1',
  ver: 3,
  email: 'user@example.com',
  role: 'employee',
  category: 'hardware',
};

describe('token service verification cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps refusing a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const tokens = createTokenService({ jwtSecret: 'a'.repeat(48), tokenTtlSeconds: 60 });
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T10:00:59Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T10:01:00Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('remembers only that exact token string, and only under its own key', async () => {
    const tokens = createTokenService({ jwtSecret: 'b'.repeat(48), tokenTtlSeconds: 60 });
    const other = createTokenService({ jwtSecret: 'c'.repeat(48), tokenTtlSeconds: 60 });
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toBeDefined();
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature?.slice(0, -2)}AA`;
    expect(await tokens.verify(forged)).toBeUndefined();
    expect(await other.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toEqual(claims);
  });
});

describe('token lifetime', () => {
  const secret = 'd'.repeat(48);
  const tokens = createTokenService({ jwtSecret: secret, tokenTtlSeconds: 3600 });
  /** A token signed with the real key but with the claims an attacker who had the key chose. */
  const signed = (claims: { iat?: number; exp?: number }) => {
    let jwt = new SignJWT({ ver: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1');
    if (claims.iat !== undefined) jwt = jwt.setIssuedAt(claims.iat);
    if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
    return jwt.sign(new TextEncoder().encode(secret));
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a token that lives no longer than TOKEN_TTL', async () => {
    expect(await tokens.verify(await signed({ iat: now(), exp: now() + 3600 }))).toEqual({
      sub: 'user-1',
      ver: 3,
    });
  });

  it('refuses a token whose exp is further from its iat than TOKEN_TTL (exp in the year 3000)', async () => {
    const year3000 = Math.floor(Date.UTC(3000, 0, 1) / 1000);
    expect(await tokens.verify(await signed({ iat: now(), exp: year3000 }))).toBeUndefined();
    expect(await tokens.verify(await signed({ iat: now(), exp: now() + 3601 }))).toBeUndefined();
  });

  it('refuses a token issued longer ago than TOKEN_TTL, one without iat, and one issued in the future', async () => {
    const old = now() - 3601;
    expect(await tokens.verify(await signed({ iat: old, exp: now() + 60 }))).toBeUndefined();
    expect(await tokens.verify(await signed({ exp: now() + 60 }))).toBeUndefined();
    expect(
      await tokens.verify(await signed({ iat: now() + 600, exp: now() + 900 })),
    ).toBeUndefined();
  });
});

describe('token claims', () => {
  const secret = 'e'.repeat(48);
  const tokens = createTokenService({ jwtSecret: secret, tokenTtlSeconds: 3600 });

  it('drops a role, category or e-mail it does not know, so access is judged from the user read', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ver: 3, role: 'owner', category: 'bakery', email: 7 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(secret));
    const verified = await tokens.verify(token);
    expect(verified).toMatchObject({ sub: 'user-1', ver: 3 });
    expect(verified?.role).toBeUndefined();
    expect(verified?.category).toBeUndefined();
    expect(verified?.email).toBeUndefined();
  });
});
