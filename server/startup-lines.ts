import type { BootstrapResult } from './bootstrap-admin.ts';
import type { Config } from './config.ts';
import type { DialectName } from './db/database.ts';
import { interfaceAddresses } from './tls/server-names.ts';
import type { TlsInfo } from './tls/tls-info.ts';

/**
 * What the server prints when it is ready, as plain lines a person reads on the console or in
 * `journalctl` (issue 23): where it listens, the https addresses tablets open, the setup page,
 * the CA fingerprint to compare on a tablet, the database, the backups and, on first start, the
 * admin account.
 */
const formatDate = (date: Date) => date.toISOString().slice(0, 10);

export function startupLines(input: {
  config: Config;
  dialect: DialectName;
  tls: TlsInfo;
  admin: BootstrapResult;
}): string[] {
  const { config, dialect, tls, admin } = input;
  const lines = [`Server listening on http://localhost:${config.port}`];
  const lan = interfaceAddresses().filter((address) => !address.includes(':'));
  const setupHost = lan[0] ?? 'localhost';
  if (tls.mode === 'off') {
    lines.push(
      'HTTPS is off (TLS=off): tablets on the network cannot work offline unless a proxy in front serves HTTPS.',
    );
  } else {
    lines.push(`HTTPS on port ${tls.httpsPort}. Open the app on tablets at:`);
    for (const address of tls.addresses) lines.push(`  ${address}`);
    if (tls.addresses.length === 0) lines.push(`  https://localhost:${tls.httpsPort}`);
    if (tls.ca) {
      lines.push(`Set up each tablet once at: http://${setupHost}:${config.port}/trust`);
      lines.push(`Certificate authority fingerprint (SHA-256): ${tls.ca.fingerprint}`);
      const yearMs = 365 * 24 * 60 * 60_000;
      if (tls.ca.notAfter.getTime() - Date.now() < yearMs) {
        lines.push(
          `Warning: the certificate authority ends on ${formatDate(tls.ca.notAfter)}; see README, "Running it in the shop".`,
        );
      }
    } else if (tls.certificate) {
      lines.push(
        `Certificate from TLS_CERT_FILE, valid until ${formatDate(tls.certificate.notAfter)}`,
      );
    }
  }
  lines.push(
    `Database: ${dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`}`,
  );
  if (dialect === 'sqlite') {
    const hour = String(Math.floor(config.backupAtMinutes / 60)).padStart(2, '0');
    const minute = String(config.backupAtMinutes % 60).padStart(2, '0');
    lines.push(
      config.backupKeep > 0
        ? `Daily backups at ${hour}:${minute} (${config.businessTz}) in ${config.backupDir}, keeping ${config.backupKeep}`
        : 'Daily backups are off (BACKUP_KEEP=0)',
    );
  }
  if (admin.created) {
    if (admin.generatedPassword) {
      lines.push(
        '',
        'First start: an admin account was created. This password is shown only once:',
        `  e-mail:   ${admin.email}`,
        `  password: ${admin.generatedPassword}`,
        'Sign in and change it in Admin → Users.',
        '',
      );
    } else {
      lines.push(`First start: admin account ${admin.email} created with ADMIN_PASSWORD.`);
    }
  }
  return lines;
}
