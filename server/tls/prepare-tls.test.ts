import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ensureLocalTls } from './local-ca.ts';
import { prepareTls } from './prepare-tls.ts';
import { serverNames } from './server-names.ts';

describe('prepareTls', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'prepare-tls-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

  it('serves nothing with TLS=off and the local CA by default', async () => {
    expect((await prepareTls(config({ TLS: 'off' }))).material).toBeUndefined();
    const auto = await prepareTls(
      config({ PUBLIC_HOSTNAMES: 'shop-server.lan', HTTPS_PORT: '8443' }),
    );
    expect(auto.info.mode).toBe('auto');
    expect(auto.info.ca?.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(auto.info.addresses).toContain('https://shop-server.lan:8443');
    // A second start keeps the CA tablets already trust.
    expect((await prepareTls(config({ PUBLIC_HOSTNAMES: 'other.lan' }))).info.ca?.fingerprint).toBe(
      auto.info.ca?.fingerprint,
    );
  });

  it('uses your own certificate files (TLS=files) and names the variable of a bad one', async () => {
    const own = await ensureLocalTls(
      join(dir, 'own'),
      serverNames(['shop.example.co.tz'], { hostname: 'x', addresses: [] }),
    );
    const other = await ensureLocalTls(
      join(dir, 'other'),
      serverNames([], { hostname: 'y', addresses: [] }),
    );
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    writeFileSync(cert, own.certPem);
    writeFileSync(key, own.keyPem);
    const files = await prepareTls(
      config({ TLS: 'files', TLS_CERT_FILE: cert, TLS_KEY_FILE: key }),
    );
    expect(files.info.mode).toBe('files');
    expect(files.info.ca).toBeUndefined();
    expect(files.info.addresses).toContain('https://shop.example.co.tz:3443');
    expect(files.material?.cert).toBe(own.certPem);

    writeFileSync(key, other.keyPem);
    await expect(
      prepareTls(config({ TLS: 'files', TLS_CERT_FILE: cert, TLS_KEY_FILE: key })),
    ).rejects.toThrow('TLS_KEY_FILE:');
    writeFileSync(cert, 'not a certificate');
    await expect(
      prepareTls(config({ TLS: 'files', TLS_CERT_FILE: cert, TLS_KEY_FILE: key })),
    ).rejects.toThrow('TLS_CERT_FILE:');
    await expect(
      prepareTls(
        config({ TLS: 'files', TLS_CERT_FILE: join(dir, 'missing.pem'), TLS_KEY_FILE: key }),
      ),
    ).rejects.toThrow('TLS_CERT_FILE: cannot read');
  });
});
