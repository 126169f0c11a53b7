import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './auth.ts';

const user = {
  id: 'user-1',
  email: 'user@example.com',
  role: 'employee' as const,
  category: 'hardware' as const,
  tokenVersion: 3,
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
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', ver: 3 });
    vi.setSystemTime(new Date('2026-11-23T10:00:59Z'));
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', ver: 3 });
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
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', ver: 3 });
  });
});
