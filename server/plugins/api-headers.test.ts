import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './api-headers.ts';

describe('helmetHeaders', () => {
  it("computes helmet's header set once from its configuration", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
    });
    expect(headers['content-security-policy']).toBe("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
  });

  it('refuses CSP directives that depend on the request', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], scriptSrc: [() => "'nonce-x'"] },
        },
      }),
    ).toThrow('Per-request CSP directives cannot be precomputed');
  });
});
