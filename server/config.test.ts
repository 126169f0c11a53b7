import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jwtSecretFileName, loadConfig, parseDuration } from './config.ts';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'config-test-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies the defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      tokenTtlSeconds: 7 * 86_400,
      businessTz: 'Africa/Dar_es_Salaam',
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('generates the JWT secret once into the data directory with mode 0600 and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecretSource).toBe('generated');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const path = join(dataDir, jwtSecretFileName);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim()).toBe(first.jwtSecret);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecretSource).toBe('file');
    expect(second.jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers JWT_SECRET from the environment', () => {
    const secret = 's'.repeat(40);
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret });
    expect(config).toMatchObject({ jwtSecret: secret, jwtSecretSource: 'env' });
  });

  it('refuses a stored secret that is too short', () => {
    writeFileSync(join(dataDir, jwtSecretFileName), 'short');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/jwt-secret/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db:5432/app',
      TOKEN_TTL: '12h',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'secret1',
      BUSINESS_TZ: 'Europe/Berlin',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@db:5432/app',
      tokenTtlSeconds: 12 * 3600,
      adminEmail: 'Boss@Example.com',
      adminPassword: 'secret1',
      businessTz: 'Europe/Berlin',
      logLevel: 'silent',
      trustProxy: '10.0.0.0/8, 127.0.0.1',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', JWT_SECRET: '' }).port).toBe(3000);
  });

  it('lists every bad variable by name in one message', () => {
    let message = '';
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'too-short',
        TOKEN_TTL: 'forever',
        ADMIN_EMAIL: 'nope',
        ADMIN_PASSWORD: '123',
        BUSINESS_TZ: 'Mars/Olympus',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'JWT_SECRET',
      'TOKEN_TTL',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'BUSINESS_TZ',
      'LOG_LEVEL',
      'TRUST_PROXY',
    ]) {
      expect(message).toContain(`  - ${name}: `);
    }
    expect(message).toContain('PORT: must be an integer between 1 and 65535 (got "abc")');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters long');
    // Secrets are not echoed.
    expect(message).not.toContain('too-short');
    expect(message).not.toContain('"123"');
  });

  it('reads HTTPS, tablet names and backups, with defaults: HTTPS on 3443 by the local CA, backups at 02:00 keeping 14', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      httpsPort: 3443,
      tls: 'auto',
      publicHostnames: [],
      backupDir: join(dataDir, 'backups'),
      backupAtMinutes: 120,
      backupKeep: 14,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        HTTPS_PORT: '8443',
        TLS: 'files',
        TLS_CERT_FILE: 'cert.pem',
        TLS_KEY_FILE: 'key.pem',
        PUBLIC_HOSTNAMES: ' shop-server.lan , 192.168.1.10 ',
        BACKUP_DIR: '/srv/backups',
        BACKUP_AT: '23:30',
        BACKUP_KEEP: '0',
      }),
    ).toMatchObject({
      httpsPort: 8443,
      tls: 'files',
      tlsCertFile: expect.stringMatching(/\/cert\.pem$/),
      tlsKeyFile: expect.stringMatching(/\/key\.pem$/),
      publicHostnames: ['shop-server.lan', '192.168.1.10'],
      backupDir: '/srv/backups',
      backupAtMinutes: 23 * 60 + 30,
      backupKeep: 0,
    });
  });

  it('names the variable of every bad HTTPS or backup setting', () => {
    const problems: [Record<string, string>, string][] = [
      [{ TLS: 'on' }, 'TLS: must be auto, files or off'],
      [{ HTTPS_PORT: '99999' }, 'HTTPS_PORT: must be an integer between 1 and 65535'],
      [{ PORT: '4000', HTTPS_PORT: '4000' }, 'HTTPS_PORT: must differ from PORT'],
      [
        { TLS: 'files', TLS_KEY_FILE: 'k.pem' },
        'TLS_CERT_FILE: must name a PEM file when TLS=files',
      ],
      [{ PUBLIC_HOSTNAMES: 'shop server' }, 'PUBLIC_HOSTNAMES: must be a comma-separated list'],
      [{ BACKUP_AT: '2am' }, 'BACKUP_AT: must be a time of day as HH:MM'],
      [{ BACKUP_KEEP: '-1' }, 'BACKUP_KEEP: must be a whole number'],
    ];
    for (const [env, message] of problems) {
      expect(() => loadConfig({ DATA_DIR: dataDir, ...env }), message).toThrow(message);
    }
    // With HTTPS off the two ports may be the same (nothing listens on the second).
    expect(
      loadConfig({ DATA_DIR: dataDir, TLS: 'off', PORT: '4000', HTTPS_PORT: '4000' }).tls,
    ).toBe('off');
  });

  it('rejects out-of-range ports', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '0' })).toThrow(/PORT/);
  });
});

describe('parseDuration', () => {
  it.each([
    ['3600', 3600],
    ['45s', 45],
    ['30m', 1800],
    ['12h', 43_200],
    ['7d', 604_800],
    [' 2D ', 172_800],
  ])('reads %j as %i seconds', (value, seconds) => {
    expect(parseDuration(value)).toBe(seconds);
  });

  it.each(['', '0', '-5', '1w', '1.5h', 'abc'])('rejects %j', (value) => {
    expect(parseDuration(value)).toBeUndefined();
  });
});
