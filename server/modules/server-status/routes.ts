import type { FastifyInstance } from 'fastify';
import type { ServerStatusJson } from '../../../domain/server-status.ts';
import { listBackups } from '../../db/scheduled-backups.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import type { TlsInfo } from '../../tls/tls-info.ts';
import { qrDataUrl } from '../trust/public.ts';

/**
 * GET /api/v1/server-status (admins): what Settings → Tablets and Settings → Backups show — the
 * https addresses tablets open (with a QR code each), the CA fingerprint and the certificates'
 * expiry, and the daily backups with the last one's time and size.
 */
export interface BackupStatusSource {
  dir: string;
  keep: number;
  atMinutes: number;
  timeZone: string;
  next(): Date;
}

export async function serverStatusRoutes(
  app: FastifyInstance,
  options: {
    tls: TlsInfo;
    backups: BackupStatusSource | undefined;
    httpPort: number;
    dialect: string;
  },
): Promise<void> {
  const { tls, backups, httpPort } = options;
  app.get('/server-status', { preHandler: requireAdmin }, async (): Promise<ServerStatusJson> => {
    const last = backups ? listBackups(backups.dir)[0] : undefined;
    return {
      tls: {
        mode: tls.mode,
        httpsPort: tls.mode === 'off' ? null : tls.httpsPort,
        addresses: await Promise.all(
          tls.addresses.map(async (url) => ({ url, qr: await qrDataUrl(`${url}/`) })),
        ),
        setupUrls:
          tls.mode === 'auto'
            ? tls.addresses.map(
                (url) =>
                  `${url.replace(/^https:/, 'http:').replace(/:\d+$/, '')}:${httpPort}/trust`,
              )
            : [],
        caFingerprint: tls.ca?.fingerprint ?? null,
        caExpiresAt: tls.ca?.notAfter.toISOString() ?? null,
        certificateExpiresAt: tls.certificate?.notAfter.toISOString() ?? null,
      },
      backups: backups
        ? {
            enabled: true,
            disabledReason: null,
            dir: backups.dir,
            keep: backups.keep,
            at: `${String(Math.floor(backups.atMinutes / 60)).padStart(2, '0')}:${String(backups.atMinutes % 60).padStart(2, '0')}`,
            timeZone: backups.timeZone,
            next: backups.next().toISOString(),
            last: last ? { at: last.at, bytes: last.bytes, file: last.file } : null,
          }
        : {
            enabled: false,
            disabledReason: options.dialect === 'postgres' ? 'postgres' : 'off',
            dir: null,
            keep: 0,
            at: null,
            timeZone: null,
            next: null,
            last: null,
          },
    };
  });
}
