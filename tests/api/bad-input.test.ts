import { afterAll, beforeAll, expect, it } from 'vitest';
import { safeInputMessages } from '../../domain/safe-input.ts';
import { malformedUrlMessage } from '../../server/error-answer.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { multipart, orderCount, seedProduct } from './catalog-fixtures.ts';

/**
 * Bad input found by the security review (issue 13) answers 4xx with a clear message on both
 * databases, never 500: on PostgreSQL a NUL in any string used to reach the database and fail
 * there, and recursive code overflowed on deeply nested JSON.
 */
describeEachDatabase('bad input is a 4xx, never a 500', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let clerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  it('refuses a NUL in a path id, also for anonymous callers', async () => {
    for (const url of ['/api/v1/images/%00', '/api/v1/hardware/products/abc%00def']) {
      const res = await request(t, {
        method: 'GET',
        url,
        token: url.includes('images') ? undefined : clerk,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: safeInputMessages.badCharacters });
    }
  });

  it('refuses a NUL or an unpaired surrogate in a JSON body (login e-mail, order fields)', async () => {
    const login = await request(t, {
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'a\u0000@example.com', password: 'secret1' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: safeInputMessages.badCharacters });
    const productId = await seedProduct(t, 'hardware');
    const order = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/orders',
      token: clerk,
      headers: { 'content-type': 'application/json' },
      // A lone surrogate cannot be written by JSON.stringify of a JS string with a pair; escape it.
      payload: `{"productId":"${productId}","quantity":1,"note":"\\ud83d"}`,
    });
    expect(order.statusCode).toBe(400);
    expect(await orderCount(t, productId)).toBe(0);
  });

  it('reads quantities only as JSON numbers or plain decimals: "0x10" and "1e1" order nothing', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 50 });
    for (const quantity of ['0x10', '1e1', 'Infinity']) {
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/hardware/orders',
        token: clerk,
        payload: { productId, quantity },
      });
      expect(res.statusCode, quantity).toBe(400);
    }
    expect(await orderCount(t, productId)).toBe(0);
    const plain = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/orders',
      token: clerk,
      payload: { productId, quantity: ' 2 ' },
    });
    expect(plain.statusCode).toBe(201);
  });

  it('refuses a NUL in a query string', async () => {
    const res = await request(t, {
      method: 'GET',
      url: '/api/v1/hardware/orders?updatedSince=2026%00',
      token: clerk,
    });
    expect(res.statusCode).toBe(400);
  });

  it('reads every list limit with one strict parser: "0x10", "0b11" and "1e1" are refused', async () => {
    const lists = ['/api/v1/audit', '/api/v1/support/messages', '/api/v1/contact'];
    for (const url of lists) {
      for (const limit of ['0x10', '0b11', '1e1', '2.5', '-1']) {
        const res = await request(t, { method: 'GET', url: `${url}?limit=${limit}`, token: admin });
        expect(res.statusCode, `${url}?limit=${limit}`).toBe(400);
        expect((res.json() as { message: string }).message).toMatch(/^Invalid limit/);
      }
      const plain = await request(t, { method: 'GET', url: `${url}?limit=3`, token: admin });
      expect(plain.statusCode, url).toBe(200);
    }
  });

  it('answers a path that is not valid UTF-8 in its own shape, without echoing the path', async () => {
    for (const url of ['/api/v1/%ED%A0%80', '/api/v1/hardware/orders/%E0', '/%ED%A0%80']) {
      const res = await request(t, { method: 'GET', url, token: clerk });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: malformedUrlMessage });
      expect(res.body).not.toContain('%');
    }
  });

  it('refuses deeply nested JSON with an Idempotency-Key with 400, not a stack overflow', async () => {
    const depth = 20_000;
    const payload = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const res = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/orders',
      token: clerk,
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      payload: `{"productId":${payload},"quantity":1}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: safeInputMessages.tooDeep });
  });

  it('refuses a NUL in a multipart text field and a broken multipart body', async () => {
    const form = await multipart({
      name: 'Ham\u0000mer',
      description: 'Steel',
      price: '1000',
      quantity: '2',
    });
    const withNul = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/products',
      token: admin,
      headers: form.headers,
      payload: form.payload,
    });
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json()).toEqual({ message: safeInputMessages.badCharacters });

    const boundary = 'xyz';
    for (const payload of [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHammer`, // cut short
      'not multipart at all',
    ]) {
      const broken = await request(t, {
        method: 'POST',
        url: '/api/v1/hardware/products',
        token: admin,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(broken.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode, payload).toBeLessThan(500);
    }
    const noBoundary = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/products',
      token: admin,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
  });
});
