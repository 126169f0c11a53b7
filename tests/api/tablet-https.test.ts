import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverStatusSchema } from '../../domain/server-status.ts';
import { backupNow } from '../../server/db/scheduled-backups.ts';
import { loadConfig } from '../../server/config.ts';
import { prepareTls } from '../../server/tls/prepare-tls.ts';
import { tlsOff, type TlsInfo } from '../../server/tls/tls-info.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * HTTPS for tablets on the shop's network (issue 23): plain HTTP only at loopback names, the
 * setup page (/trust) over plain HTTP, and what Settings shows an admin. The certificate itself
 * is checked in server/tls/*.test.ts, and a real browser trusting it in
 * tests/e2e/tablet-https.spec.ts.
 */
describeEachDatabase('HTTPS for tablets', (target) => {
  let t: TestApp;
  let off: TestApp;
  let admin: TestUser;
  let clerk: TestUser;
  let tls: TlsInfo;
  let tlsDir: string;

  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'tablet-https-'));
    tls = (
      await prepareTls(
        loadConfig({ DATA_DIR: tlsDir, PUBLIC_HOSTNAMES: 'shop-server.lan', HTTPS_PORT: '8443' }),
      )
    ).info;
    t = await buildTestApp(target, {
      tls,
      backups: {
        dir: join(tlsDir, 'backups'),
        keep: 14,
        atMinutes: 120,
        timeZone: 'Africa/Dar_es_Salaam',
        next: () => new Date('2026-11-28T23:00:00Z'),
      },
    });
    off = await buildTestApp(target, { tls: tlsOff });
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    rmSync(tlsDir, { recursive: true, force: true });
  });

  const get = (app: TestApp, url: string, host: string, headers: Record<string, string> = {}) =>
    request(app, { method: 'GET', url, headers: { host, accept: 'text/html', ...headers } });

  it('sends a page or API request addressed to a LAN name or address to the same path over HTTPS', async () => {
    for (const [host, origin] of [
      ['shop-server.lan:3000', 'https://shop-server.lan:8443'],
      ['192.168.1.20:3000', 'https://192.168.1.20:8443'],
      ['[fd00::2]:3000', 'https://[fd00::2]:8443'],
    ] as const) {
      for (const url of ['/hardware', '/api/v1/hardware/products?updatedSince=0', '/']) {
        const res = await get(t, url, host);
        expect(res.statusCode, `${host}${url}`).toBe(308);
        expect(res.headers.location).toBe(`${origin}${url}`);
      }
    }
  });

  it('serves loopback names, requests a trusted proxy says came over HTTPS, and everything with TLS off', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await get(t, '/api/v1/health', host)).statusCode, host).toBe(200);
    }
    expect((await get(off, '/api/v1/health', 'shop-server.lan:3000')).statusCode).toBe(200);
    const proxied = await buildTestApp(target, { tls, config: { trustProxy: true } });
    try {
      const res = await get(proxied, '/api/v1/health', 'shop-server.lan', {
        'x-forwarded-proto': 'https',
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('serves the setup page over plain HTTP at a LAN name, in Kiswahili and English, with the CA to install', async () => {
    const page = await get(t, '/trust', 'shop-server.lan:3000');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('lang="sw"');
    expect(page.body).toContain('Andaa kompyuta kibao hii');
    expect(page.body).toContain(tls.ca?.fingerprint);
    expect(page.body).toContain('https://shop-server.lan:8443/');
    expect(page.body).toContain('data:image/svg+xml;base64,');
    // Its check may reach the https address, and nothing else.
    expect(page.headers['content-security-policy']).toContain(
      "connect-src 'self' https://shop-server.lan:8443",
    );
    const english = await get(t, '/trust?lang=en', 'shop-server.lan:3000');
    expect(english.body).toContain('Set up this tablet');
    expect(english.body).toContain('Certificate Trust Settings');

    const ca = await get(t, '/trust/ca.crt', 'shop-server.lan:3000');
    expect(ca.statusCode).toBe(200);
    expect(ca.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(new X509Certificate(ca.body).fingerprint256).toBe(tls.ca?.fingerprint);
    expect((await get(t, '/trust/check.js', 'shop-server.lan:3000')).statusCode).toBe(200);

    const info = await get(t, '/trust/info.json', '192.168.1.20:3000');
    expect(info.json()).toMatchObject({ mode: 'auto', https: 'https://192.168.1.20:8443' });
  });

  it('says on the setup page when HTTPS is off, with no certificate to download', async () => {
    const page = await get(off, '/trust', 'shop-server.lan:3000');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TLS=off');
    expect((await get(off, '/trust/ca.crt', 'shop-server.lan:3000')).statusCode).toBe(404);
    expect((await get(off, '/trust/info.json', 'shop-server.lan:3000')).json()).toMatchObject({
      mode: 'off',
      https: null,
    });
  });

  it('shows admins the tablet addresses with QR codes, the fingerprint, expiries and the last backup', async () => {
    await backupNow(t.config.dataDir, {
      dir: join(tlsDir, 'backups'),
      keep: 14,
      atMinutes: 120,
      timeZone: 'Africa/Dar_es_Salaam',
    }).catch(() => undefined);
    const res = await request(t, {
      method: 'GET',
      url: '/api/v1/server-status',
      token: admin,
      headers: { host: 'localhost' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = serverStatusSchema.parse(res.json());
    expect(status.tls.caFingerprint).toBe(tls.ca?.fingerprint);
    expect(status.tls.addresses.map((a) => a.url)).toContain('https://shop-server.lan:8443');
    expect(status.tls.addresses[0]?.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(status.backups).toMatchObject({ enabled: true, at: '02:00', keep: 14 });
    if (t.dialect === 'sqlite') expect(status.backups.last?.bytes).toBeGreaterThan(0);
    const refused = await request(t, {
      method: 'GET',
      url: '/api/v1/server-status',
      token: clerk,
      headers: { host: 'localhost' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
