import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from './listeners.ts';
import { ensureLocalTls } from './local-ca.ts';
import { serverNames } from './server-names.ts';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('listeners', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('close while a client keeps an idle connection alive (a SIGTERM used to hang for ever)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'listeners-'));
    dirs.push(dir);
    const tls = await ensureLocalTls(dir, serverNames([], { hostname: 'shop', addresses: [] }));
    const app = Fastify();
    app.get('/health', async () => ({ ok: true }));
    const port = await freePort();
    const listeners = await listen(app, {
      port,
      httpsPort: await freePort(),
      host: '127.0.0.1',
      material: { cert: tls.certPem, key: tls.keyPem },
    });
    // A tablet's browser: one request, then the connection stays open for the next.
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(`http://127.0.0.1:${port}/health`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    const started = Date.now();
    await Promise.all([listeners.close(), app.close()]);
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  }, 15_000);
});
