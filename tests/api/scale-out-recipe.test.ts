import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ensureLocalTls } from '../../server/tls/local-ca.ts';
import { serverNames } from '../../server/tls/server-names.ts';
import { databaseTargets, openTestDatabase, type TestDatabase } from './harness.ts';

/**
 * The scale-out recipe of the README ("More than one machine"), run as written: deploy/haproxy.cfg
 * in front of two API processes (`node server/main.ts`) on one PostgreSQL database, TLS at the
 * proxy, health checks on /api/v1/health. Orders go through the proxy the way a tablet sends them
 * (an Idempotency-Key each, the same key again after a failed try); one API process is killed
 * half-way, and every order still arrives exactly once.
 *
 * Needs PostgreSQL and Debian's haproxy (`.ci/run` installs it); without them it is skipped with a
 * message, except under CI=true, where it fails.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const postgres = databaseTargets.find((target) => target.name === 'postgres');
// Debian puts it in /usr/sbin, which a non-root PATH may lack.
const haproxyBin = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
const haproxy = spawnSync(haproxyBin, ['-v'], { encoding: 'utf8' });
const missing =
  postgres?.unavailable !== undefined
    ? `no PostgreSQL (${postgres.unavailable})`
    : haproxy.status !== 0
      ? 'no haproxy (apt-get install haproxy)'
      : undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  body: unknown;
}

describe.skipIf(missing !== undefined && process.env.CI !== 'true')('the scale-out recipe', () => {
  let database: TestDatabase;
  const children: ChildProcess[] = [];
  let api: ChildProcess[] = [];
  let proxyPort: number;
  let ca: string;
  let work: string;

  /** A request through the proxy over HTTPS, trusting only the recipe's CA. */
  const send = (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: proxyPort,
          servername: 'shop-proxy.lan',
          path: `/api/v1${url}`,
          method,
          ca,
          headers: {
            host: 'shop-proxy.lan',
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text ? (JSON.parse(text) as unknown) : null,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  /** Like the tablet's outbox: the same key again until the server has given an answer. */
  async function placeOrder(token: string, productId: string): Promise<Answer> {
    const key = randomUUID();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        const answer = await send(
          'POST',
          '/godown/orders',
          { productId, quantity: 1 },
          {
            authorization: `Bearer ${token}`,
            'idempotency-key': key,
          },
        );
        if (answer.status < 500) return answer;
      } catch {
        // The connection broke: unknown outcome, same key next time.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the order never got an answer');
  }

  async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (await check().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  beforeAll(async () => {
    if (missing) throw new Error(`The scale-out recipe needs ${missing} under CI=true`);
    database = await openTestDatabase({ name: 'postgres' });
    await migrateToLatest(database.db);
    work = mkdtempSync(path.join(tmpdir(), 'scale-out-'));
    const tls = await ensureLocalTls(
      path.join(work, 'tls'),
      serverNames(['shop-proxy.lan'], { hostname: 'proxy', addresses: [] }),
    );
    ca = tls.caPem;
    const pem = path.join(work, 'proxy.pem');
    writeFileSync(pem, `${tls.certPem}${tls.keyPem}`, { mode: 0o600 });
    const jwtSecret = `${randomUUID()}${randomUUID()}`;
    const ports = [await freePort(), await freePort()];
    api = ports.map((port, index) =>
      spawn(process.execPath, ['--experimental-strip-types', 'server/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: database.config.databaseUrl,
          JWT_SECRET: jwtSecret,
          TLS: 'off',
          TRUST_PROXY: '127.0.0.1',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(work, `api${index + 1}`),
          ADMIN_EMAIL: 'admin@example.com',
          ADMIN_PASSWORD: 'admin-password-123',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      }),
    );
    children.push(...api);
    for (const port of ports) {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok,
        `API on ${port}`,
      );
    }
    proxyPort = await freePort();
    children.push(
      spawn(haproxyBin, ['-db', '-f', path.join(repoRoot, 'deploy', 'haproxy.cfg')], {
        env: {
          ...process.env,
          PROXY_BIND: `127.0.0.1:${proxyPort}`,
          PROXY_CERT: pem,
          API1: `127.0.0.1:${ports[0]}`,
          API2: `127.0.0.1:${ports[1]}`,
        },
        stdio: 'ignore',
      }),
    );
    await waitFor(async () => (await send('GET', '/health')).status === 200, 'the proxy');
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('keeps taking orders through the proxy when one API process stops, each once', async () => {
    const login = await send('POST', '/users/login', {
      email: 'admin@example.com',
      password: 'admin-password-123',
    });
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    const created = await send(
      'POST',
      '/godown/products',
      {
        name: 'Proxy sacks',
        description: 'Ordered through the proxy',
        price: 1000,
        quantity: 500,
        location: 'Shelf A',
      },
      { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    );
    expect(created.status).toBe(201);
    const productId = (created.body as { _id: string })._id;

    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1)
      statuses.push((await placeOrder(token, productId)).status);
    // One API process goes away (a crash, or a machine switched off).
    api[0]?.kill('SIGKILL');
    for (let index = 0; index < 20; index += 1)
      statuses.push((await placeOrder(token, productId)).status);

    expect(statuses).toEqual(Array.from({ length: 40 }, () => 201));
    const product = await send('GET', `/godown/products/${productId}`, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect((product.body as { quantity: number }).quantity).toBe(460);
    const orders = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('productId', '=', productId)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(40);
  });
});

if (missing !== undefined && process.env.CI !== 'true') {
  console.warn(`Scale-out recipe test skipped: ${missing}.`);
}
