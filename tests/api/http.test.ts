import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { httpError } from '../../server/http-errors.ts';
import { requireDepartment } from '../../server/plugins/auth.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

describeEachDatabase('HTTP behaviour', (target) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'godown' });
  });
  afterAll(() => t.close());

  const raw = (payload: string, contentType = 'application/json') =>
    request(t, {
      method: 'POST',
      url: '/api/v1/users/login',
      payload,
      headers: { 'content-type': contentType },
    });

  it('answers the health check', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers the health check with 503 when the database does not answer', async () => {
    const broken = await buildTestApp(target);
    try {
      await broken.db.destroy();
      const res = await request(broken, { method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        message: 'The database does not answer',
      });
    } finally {
      await broken.close();
    }
  });

  it('answers 400 {message} for malformed JSON', async () => {
    const res = await raw('{"email": "a@example.com",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('answers 400 for an empty JSON body and for JSON null', async () => {
    const empty = await raw('');
    expect(empty.statusCode).toBe(400);
    expect(typeof empty.json().message).toBe('string');
    const nullBody = await raw('null');
    expect(nullBody.statusCode).toBe(400);
  });

  it('answers 413 {message} for a body over 1 MiB', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await raw(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 415 {message} for an unsupported content type', async () => {
    const plain = await raw('email=a', 'text/plain');
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toEqual({ message: 'Unsupported media type' });
    const form = await raw('email=a', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
  });

  it('never answers 500 for odd input on admin routes', async () => {
    const cases = [
      { method: 'PUT' as const, url: `/api/v1/users/${admin.id}`, payload: '[1,2' },
      { method: 'PUT' as const, url: `/api/v1/users/${admin.id}`, payload: '"text"' },
      { method: 'PUT' as const, url: '/api/v1/users/%E0%A4%A', payload: '{}' },
      { method: 'POST' as const, url: '/api/v1/users/signup', payload: '{"email":{"$gt":""}}' },
      {
        method: 'POST' as const,
        url: '/api/v1/users/signup',
        payload: JSON.stringify({ email: `${'a'.repeat(300)}@example.com`, password: 'secret1' }),
      },
    ];
    for (const c of cases) {
      const res = await request(t, {
        ...c,
        token: admin,
        headers: { 'content-type': 'application/json' },
      });
      expect(
        res.statusCode,
        `${c.method} ${c.url} ${c.payload.slice(0, 30)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('answers 404 {message: "Not found"} for unknown API paths and methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope/deeper'],
      ['DELETE', '/api/v1/users'],
      ['GET', '/api'],
    ] as const) {
      const res = await request(t, { method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('accepts a trailing slash on API routes', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/users/', token: admin });
    expect(res.statusCode).toBe(200);
  });

  it('sends JSON answers the short CSP and nosniff (the PWA policy is for HTML)', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends the server's clock to the millisecond on API answers (tablets estimate it)", async () => {
    const before = Date.now();
    const res = await request(t, { method: 'GET', url: '/api/v1/health' });
    const serverTime = Number(res.headers['x-server-time']);
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
  });
});

describeEachDatabase('serving the built PWA', (target) => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await buildTestApp(target, { staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends HSTS on every answer that came over HTTPS, API and pages alike, and on no other', async () => {
    const proxied = await buildTestApp(target, {
      staticDir: dist,
      config: { trustProxy: true },
    });
    try {
      for (const url of ['/api/v1/health', '/', '/api/v1/nowhere']) {
        const overHttps = await request(proxied, {
          method: 'GET',
          url,
          headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
        });
        expect(overHttps.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
        const overHttp = await request(proxied, {
          method: 'GET',
          url,
          headers: { accept: 'text/html' },
        });
        expect(overHttp.headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
  });

  it('sends security headers with a CSP that fits the PWA', async () => {
    const res = await request(t, { method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await request(t, { method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html, sw.js and the manifest with no-cache', async () => {
    for (const url of ['/', '/sw.js', '/manifest.webmanifest']) {
      const res = await request(t, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers index.html for client routes', async () => {
    for (const url of ['/hardware/orders', '/admin/users/create', '/godown/admin/move/abc?x=1']) {
      const res = await request(t, { method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const res = await request(t, { method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await request(t, {
      method: 'GET',
      url: '/api/v1/unknown',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describeEachDatabase('error handling and guards', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let hardware: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target, {
      extend: (app) => {
        app.get('/api/v1/test/boom', () => {
          throw new Error('database password is hunter2');
        });
        app.get('/api/v1/test/zod', () =>
          z.object({ name: z.string('Name is required') }).parse({}),
        );
        app.get('/api/v1/test/http', () => {
          throw httpError(409, 'Conflict here', { errors: [{ field: 'x', message: 'bad' }] });
        });
        app.get(
          '/api/v1/test/dept/:dept',
          { preHandler: requireDepartment((request) => (request.params as { dept: string }).dept) },
          (request) => ({ user: request.user }),
        );
        app.get(
          '/api/v1/test/hardware',
          { preHandler: [app.authenticate, requireDepartment('hardware')] },
          () => ({ ok: true }),
        );
      },
    });
    admin = await createUser(t, { role: 'admin', category: 'godown' });
    hardware = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  it('answers 500 "Internal server error" without details for unexpected errors', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
  });

  it('answers 400 with the first zod message and the field list', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/test/zod' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Name is required',
      errors: [{ field: 'name', message: 'Name is required' }],
    });
  });

  it('answers httpError status, message and extra fields', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/test/http' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Conflict here',
      errors: [{ field: 'x', message: 'bad' }],
    });
  });

  it('lets admins into every department and members only into their own', async () => {
    const own = await request(t, {
      method: 'GET',
      url: '/api/v1/test/dept/hardware',
      token: hardware,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toEqual({
      id: hardware.id,
      email: hardware.email,
      role: 'employee',
      category: 'hardware',
    });
    const foreign = await request(t, {
      method: 'GET',
      url: '/api/v1/test/dept/godown',
      token: hardware,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Access denied' });
    const asAdmin = await request(t, {
      method: 'GET',
      url: '/api/v1/test/dept/printing',
      token: admin,
    });
    expect(asAdmin.statusCode).toBe(200);
    const anonymous = await request(t, { method: 'GET', url: '/api/v1/test/dept/hardware' });
    expect(anonymous.statusCode).toBe(401);
    const fixed = await request(t, {
      method: 'GET',
      url: '/api/v1/test/hardware',
      token: hardware,
    });
    expect(fixed.statusCode).toBe(200);
  });
});
