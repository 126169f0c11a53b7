import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './fixtures/chromium.ts';
import { createProduct, serverOrdersOf } from './fixtures/catalog-api.ts';
import { adminEmail, adminPassword, startTestServer, type TestServer } from './fixtures/server.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';

/**
 * A tablet on the shop's Wi-Fi, as it really reaches the server (issue 23): by a LAN name, over
 * HTTPS with a certificate from the server's own CA, which the tablet was told to trust once.
 * Chromium's trust store is an NSS database in a temporary HOME (certutil -A -t C,,); the LAN
 * name is mapped to 127.0.0.1 with --host-resolver-rules; the profile is kept on disk, as on a
 * tablet. Nothing here runs at 127.0.0.1, which browsers would treat as secure anyway.
 */
const lanName = 'shop-server.lan';
const secondName = 'till.lan';

let server: TestServer;
let home: string;
let adminToken: string;

async function api<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}/api/v1${pathname}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${adminToken}`,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A temporary HOME whose NSS database trusts the server's CA for websites. */
function trustingHome(caFile: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tablet-home-'));
  const nss = path.join(dir, '.pki', 'nssdb');
  mkdirSync(nss, { recursive: true });
  execFileSync('certutil', ['-d', `sql:${nss}`, '-N', '--empty-password']);
  execFileSync('certutil', ['-d', `sql:${nss}`, '-A', '-t', 'C,,', '-n', 'shop CA', '-i', caFile]);
  return dir;
}

async function tablet(homeDir: string): Promise<BrowserContext> {
  const executablePath = chromiumExecutable();
  return chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'tablet-profile-')), {
    ...(executablePath ? { executablePath } : {}),
    args: [
      ...chromiumArgs,
      `--host-resolver-rules=MAP ${lanName} 127.0.0.1, MAP ${secondName} 127.0.0.1`,
    ],
    env: { ...process.env, HOME: homeDir },
    viewport: { width: 800, height: 1280 },
  });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/email|barua pepe/i).fill(email);
  await page.getByLabel(/password|nenosiri/i).fill(password);
  await page.getByRole('button', { name: /^(login|sign in|ingia)$/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

const printedFingerprint = () =>
  /fingerprint \(SHA-256\): ([0-9A-F:]+)/.exec(server.output())?.[1] ?? 'none printed';

test.describe('a tablet on the shop network', () => {
  test.beforeAll(async () => {
    server = await startTestServer({ PUBLIC_HOSTNAMES: lanName });
    home = trustingHome(path.join(server.dataDir, 'tls', 'ca.crt'));
    const login = await fetch(`${server.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    adminToken = ((await login.json()) as { token: string }).token;
  });
  test.afterAll(async () => {
    await server.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  test('opens the app over HTTPS at the LAN name, keeps working with the server down, and sends queued orders once', async () => {
    test.setTimeout(180_000);
    const password = 'password-123';
    const email = `tablet-${Date.now()}@example.com`;
    await api('/users/signup', {
      method: 'POST',
      body: JSON.stringify({ email, password, role: 'employee', category: 'hardware' }),
    });
    const product = await createProduct(server.url, adminToken, 'hardware', {
      name: `Tablet hinges ${Date.now()}`,
      description: 'Ordered from a tablet on the shop network',
      price: 4000,
      quantity: 20,
    });
    const context = await tablet(home);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const origin = `https://${lanName}:${server.httpsPort}`;
      await page.goto(`${origin}/login`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
      await expect(page.getByTestId('insecure-address-banner')).toHaveCount(0);
      await signIn(page, email, password);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.goto(`${origin}/hardware/products/${product._id}`);
      await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
      await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);

      await server.stop();
      await page.reload();
      await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
      const quantity = page.getByLabel('Quantity', { exact: true });
      for (let index = 1; index <= 2; index += 1) {
        await quantity.fill('1');
        await quantity.press('Enter');
        await expect(syncIndicator(page)).toHaveAccessibleName(
          new RegExp(`^Sync status: (Syncing|Server unreachable) · ${index} waiting to sync$`),
        );
      }
      await server.start();
      const login = await fetch(`${server.url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      });
      adminToken = ((await login.json()) as { token: string }).token;
      await expect
        .poll(
          async () =>
            (await serverOrdersOf(server.url, adminToken, 'hardware', product._id)).length,
          { timeout: 10_000 },
        )
        .toBe(2);
      await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
      expect(await serverOrdersOf(server.url, adminToken, 'hardware', product._id)).toHaveLength(2);
    } finally {
      await context.close();
    }
  });

  test('sends plain HTTP at the LAN name to HTTPS, but serves the setup page with the printed fingerprint', async () => {
    const context = await tablet(home);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const landed = await page.goto(`http://${lanName}:${server.port}/hardware`);
      const first = await landed?.request().redirectedFrom()?.response();
      expect(first?.status()).toBe(308);
      expect(first?.headers().location).toBe(`https://${lanName}:${server.httpsPort}/hardware`);
      expect(new URL(page.url()).origin).toBe(`https://${lanName}:${server.httpsPort}`);

      await page.goto(`http://${lanName}:${server.port}/trust?lang=en`);
      await expect(page.getByRole('heading', { name: 'Set up this tablet' })).toBeVisible();
      await expect(page.getByTestId('fingerprint')).toHaveText(printedFingerprint());
      // This tablet trusts the CA already: the page's check says so.
      await expect(page.locator('#trust-status')).toHaveAttribute('data-result', 'trusted');
      const ca = await page.request.get(`http://127.0.0.1:${server.port}/trust/ca.crt`);
      expect(ca.status()).toBe(200);
      expect(ca.headers()['content-type']).toBe('application/x-x509-ca-cert');
      expect(await ca.text()).toBe(
        readFileSync(path.join(server.dataDir, 'tls', 'ca.crt'), 'utf8'),
      );
    } finally {
      await context.close();
    }
  });

  test('shows an admin the tablet addresses with QR codes, the same fingerprint and the backups under Settings', async () => {
    const email = `settings-admin-${Date.now()}@example.com`;
    await api('/users/signup', {
      method: 'POST',
      body: JSON.stringify({
        email,
        password: 'password-123',
        role: 'admin',
        category: 'hardware',
      }),
    });
    const context = await tablet(home);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`https://${lanName}:${server.httpsPort}/login`);
      await signIn(page, email, 'password-123');
      await page.goto(`https://${lanName}:${server.httpsPort}/admin/settings`);
      const tablets = page.getByRole('region', { name: /^(Tablets|Kompyuta kibao)$/ });
      await expect(tablets.getByTestId('ca-fingerprint')).toHaveText(printedFingerprint());
      await expect(
        tablets.getByRole('link', { name: `https://${lanName}:${server.httpsPort}` }),
      ).toBeVisible();
      await expect(tablets.getByRole('img', { name: new RegExp(`${lanName}`) })).toBeVisible();
      const backups = page.getByRole('region', { name: /^(Backups|Nakala za akiba)$/ });
      await expect(backups.getByTestId('last-backup')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('keeps the CA when PUBLIC_HOSTNAMES changes: a new name works on a tablet that trusted it before', async () => {
    const before = printedFingerprint();
    await server.stop();
    await server.start({ PUBLIC_HOSTNAMES: `${lanName},${secondName}` });
    expect(printedFingerprint()).toBe(before);
    const context = await tablet(home);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`https://${secondName}:${server.httpsPort}/login`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
      await expect(page.getByLabel(/email|barua pepe/i)).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('a server with HTTPS off', () => {
  test('tells a tablet at the LAN name that this address cannot work offline', async () => {
    const plain = await startTestServer({ TLS: 'off' });
    const context = await tablet(mkdtempSync(path.join(tmpdir(), 'tablet-home-')));
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`http://${lanName}:${plain.port}/login`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      const banner = page.getByTestId('insecure-address-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(/cannot keep working offline|haiwezi kuendelea/);
      await expect(
        banner.getByRole('link', { name: /Set up this tablet|Andaa kompyuta/ }),
      ).toHaveAttribute('href', '/trust');
    } finally {
      await context.close();
      await plain.dispose();
    }
  });
});
