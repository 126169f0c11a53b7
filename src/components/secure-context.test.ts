// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInsecureAddress } from './secure-context.ts';

describe('isInsecureAddress', () => {
  afterEach(() => vi.unstubAllGlobals());

  const at = (href: string, isSecureContext: boolean) =>
    vi.stubGlobal('window', { isSecureContext, location: new URL(href) });

  it('is true for plain http at a LAN name or address', () => {
    at('http://shop-server.lan:3000/login', false);
    expect(isInsecureAddress()).toBe(true);
    at('http://192.168.1.20:3000/hardware', false);
    expect(isInsecureAddress()).toBe(true);
  });

  it('is false over https and at loopback names, which browsers treat as secure', () => {
    at('https://shop-server.lan:3443/login', true);
    expect(isInsecureAddress()).toBe(false);
    for (const href of ['http://localhost:3000/', 'http://127.0.0.1:3000/', 'http://[::1]:3000/']) {
      at(href, false);
      expect(isInsecureAddress(), href).toBe(false);
    }
  });
});
