import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureLocalTls, serverCertValidityDays } from './local-ca.ts';
import { httpsAddresses, serverNames } from './server-names.ts';

const machine = { hostname: 'godown-server', addresses: ['192.168.1.20'] };

describe('the local certificate authority', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'local-ca-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('issues a certificate for loopback, the host name, <host>.local, the LAN address and PUBLIC_HOSTNAMES, signed by a CA whose key only its owner reads', async () => {
    const names = serverNames(['shop-server.lan', '10.0.0.5'], machine);
    const tls = await ensureLocalTls(dir, names);
    const ca = new X509Certificate(tls.caPem);
    const cert = new X509Certificate(tls.certPem);
    expect(ca.ca).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.checkIssued(ca)).toBe(true);
    for (const name of ['localhost', 'godown-server', 'godown-server.local', 'shop-server.lan']) {
      expect(cert.checkHost(name), name).toBe(name);
    }
    for (const ip of ['127.0.0.1', '::1', '192.168.1.20', '10.0.0.5']) {
      expect(cert.checkIP(ip), ip).toBe(ip);
    }
    expect(cert.checkHost('elsewhere.lan')).toBeUndefined();
    expect(statSync(join(dir, 'ca.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'server.key')).mode & 0o777).toBe(0o600);
    const tenYears = 3650 * 24 * 60 * 60_000;
    expect(tls.caNotAfter.getTime() - Date.now()).toBeGreaterThan(tenYears - 2 * 60 * 60_000);
    expect(tls.caFingerprint).toBe(ca.fingerprint256);
    expect(tls.reissued && tls.caCreated).toBe(true);
  });

  it('keeps the CA and the certificate when nothing changed, and reissues from the same CA when the names did', async () => {
    const first = await ensureLocalTls(dir, serverNames([], machine));
    const again = await ensureLocalTls(dir, serverNames([], machine));
    expect(again.reissued).toBe(false);
    expect(again.certPem).toBe(first.certPem);
    // A new DHCP address and a name added to PUBLIC_HOSTNAMES.
    const moved = { hostname: 'godown-server', addresses: ['192.168.1.77'] };
    const renewed = await ensureLocalTls(dir, serverNames(['till.lan'], moved));
    expect(renewed.reissued).toBe(true);
    expect(renewed.caCreated).toBe(false);
    expect(renewed.caPem).toBe(first.caPem);
    const cert = new X509Certificate(renewed.certPem);
    expect(cert.checkIP('192.168.1.77')).toBe('192.168.1.77');
    expect(cert.checkHost('till.lan')).toBe('till.lan');
    expect(cert.verify(new X509Certificate(first.caPem).publicKey)).toBe(true);
    expect(readFileSync(join(dir, 'server.crt'), 'utf8')).toBe(renewed.certPem);
  });

  it('reissues a certificate within 30 days of its end', async () => {
    const names = serverNames([], machine);
    const issued = await ensureLocalTls(dir, names, new Date('2026-01-01T00:00:00Z'));
    const dayMs = 24 * 60 * 60_000;
    const justBefore = new Date(issued.certNotAfter.getTime() - 31 * dayMs);
    expect((await ensureLocalTls(dir, names, justBefore)).reissued).toBe(false);
    const within = new Date(issued.certNotAfter.getTime() - 29 * dayMs);
    const renewed = await ensureLocalTls(dir, names, within);
    expect(renewed.reissued).toBe(true);
    expect(renewed.certNotAfter.getTime()).toBeGreaterThan(
      within.getTime() + (serverCertValidityDays - 1) * dayMs,
    );
  });

  it('lists the https addresses a tablet opens: names first, loopback left out', async () => {
    const names = serverNames(['shop-server.lan'], {
      hostname: 'pos',
      addresses: ['192.168.1.20', 'fd00::2'],
    });
    expect(httpsAddresses(names, 3443)).toEqual([
      'https://pos:3443',
      'https://pos.local:3443',
      'https://shop-server.lan:3443',
      'https://192.168.1.20:3443',
      'https://[fd00::2]:3443',
    ]);
    expect(httpsAddresses(names, 443)[0]).toBe('https://pos');
  });
});
