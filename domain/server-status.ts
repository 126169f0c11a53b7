import { z } from 'zod';

/**
 * `GET /api/v1/server-status` (admins): the server's HTTPS for tablets and its daily backups,
 * shown under Settings (issue 23).
 */
export const serverStatusSchema = z.object({
  tls: z.object({
    mode: z.enum(['auto', 'files', 'off']),
    httpsPort: z.number().int().nullable(),
    /** The https addresses a tablet opens, each with a QR code (an image data URL). */
    addresses: z.array(z.object({ url: z.string(), qr: z.string() })),
    /** The setup page over plain HTTP (what a tablet opens before it trusts the server). */
    setupUrls: z.array(z.string()),
    /** SHA-256 of the local CA certificate (TLS=auto), as a tablet shows it. */
    caFingerprint: z.string().nullable(),
    caExpiresAt: z.string().nullable(),
    certificateExpiresAt: z.string().nullable(),
  }),
  backups: z.object({
    /** False with PostgreSQL (pg_dump instead) or BACKUP_KEEP=0. */
    enabled: z.boolean(),
    disabledReason: z.enum(['postgres', 'off']).nullable(),
    dir: z.string().nullable(),
    keep: z.number().int(),
    /** HH:MM in `timeZone`. */
    at: z.string().nullable(),
    timeZone: z.string().nullable(),
    next: z.string().nullable(),
    last: z.object({ at: z.string(), bytes: z.number(), file: z.string() }).nullable(),
  }),
});
export type ServerStatusJson = z.infer<typeof serverStatusSchema>;
