import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { emailPattern, minPasswordLength } from '../domain/users.ts';

/**
 * Server configuration from environment variables, validated once at start.
 * A bad value stops the server with one message that names every offending variable
 * (main.ts prints it without a stack and exits 1).
 */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (SQLite file, generated JWT secret, images). */
  dataDir: string;
  /** postgres://… when set; otherwise the embedded SQLite database in dataDir is used. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** Where the secret came from; 'generated' means it was written to dataDir/jwt-secret now. */
  jwtSecretSource: 'env' | 'file' | 'generated';
  tokenTtlSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  businessTz: string;
  logLevel: LogLevel;
  /** Fastify trustProxy: false, true, or the trusted proxy addresses/CIDRs (comma-separated). */
  trustProxy: boolean | string;
  /** HTTPS beside HTTP (decision 0022): the port, and where the certificate comes from. */
  httpsPort: number;
  tls: 'auto' | 'files' | 'off';
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Extra names and addresses the local CA's certificate covers (TLS=auto). */
  publicHostnames: string[];
  /** Daily backups of the SQLite database (ignored with PostgreSQL). */
  backupDir: string;
  /** Minutes after local midnight (BUSINESS_TZ) when the daily backup runs. */
  backupAtMinutes: number;
  /** How many daily backups are kept; 0 turns them off. */
  backupKeep: number;
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const jwtSecretFileName = 'jwt-secret';
const minJwtSecretLength = 32;

/** '3600' (seconds), '45s', '30m', '12h' or '7d' → seconds; undefined when malformed. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(value.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86_400 : 1;
  const seconds = amount * factor;
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : undefined;
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Empty strings count as unset, so `PORT= node server/main.ts` uses the default.
const optional = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  PORT: optional(
    z.string().refine((value) => {
      const port = Number(value);
      return /^\d+$/.test(value) && port >= 1 && port <= 65_535;
    }, 'must be an integer between 1 and 65535'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// connection URL'),
  ),
  JWT_SECRET: optional(
    z.string().min(minJwtSecretLength, `must be at least ${minJwtSecretLength} characters long`),
  ),
  TOKEN_TTL: optional(
    z
      .string()
      .refine(
        (value) => parseDuration(value) !== undefined,
        'must be a positive number of seconds or a duration such as 30m, 12h or 7d',
      ),
  ),
  ADMIN_EMAIL: optional(z.string().trim().regex(emailPattern, 'must be a valid e-mail address')),
  ADMIN_PASSWORD: optional(
    z.string().min(minPasswordLength, `must be at least ${minPasswordLength} characters long`),
  ),
  BUSINESS_TZ: optional(
    z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Africa/Dar_es_Salaam'),
  ),
  LOG_LEVEL: optional(
    z
      .string()
      .refine(
        (value) => (logLevels as readonly string[]).includes(value),
        `must be one of ${logLevels.join(', ')}`,
      ),
  ),
  HTTPS_PORT: optional(
    z.string().refine((value) => {
      const port = Number(value);
      return /^\d+$/.test(value) && port >= 1 && port <= 65_535;
    }, 'must be an integer between 1 and 65535'),
  ),
  TLS: optional(
    z
      .string()
      .refine((value) => ['auto', 'files', 'off'].includes(value), 'must be auto, files or off'),
  ),
  TLS_CERT_FILE: optional(z.string()),
  TLS_KEY_FILE: optional(z.string()),
  PUBLIC_HOSTNAMES: optional(
    z
      .string()
      .regex(
        /^\s*[A-Za-z0-9.:-]+(\s*,\s*[A-Za-z0-9.:-]+)*\s*$/,
        'must be a comma-separated list of host names or IP addresses (e.g. shop-server.lan,192.168.1.10)',
      ),
  ),
  BACKUP_DIR: optional(z.string()),
  BACKUP_AT: optional(
    z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, such as 02:00'),
  ),
  BACKUP_KEEP: optional(
    z.string().regex(/^\d{1,4}$/, 'must be a whole number of backups to keep (0 turns them off)'),
  ),
  TRUST_PROXY: optional(
    z
      .string()
      .regex(
        /^(true|false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'must be true, false or a comma-separated list of proxy addresses (e.g. 10.0.0.0/8)',
      ),
  ),
});

type Env = Record<string, string | undefined>;

/** Reads the persisted secret, or creates one (mode 0600) on first start. */
function loadOrCreateJwtSecret(dataDir: string): { secret: string; source: 'file' | 'generated' } {
  const path = join(dataDir, jwtSecretFileName);
  try {
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length >= minJwtSecretLength) return { secret: stored, source: 'file' };
    throw new Error(
      `Invalid configuration:\n  - ${path}: the stored JWT secret is shorter than ${minJwtSecretLength} characters; delete the file to generate a new one`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created it meanwhile; then we read theirs.
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, source: 'generated' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { secret: readFileSync(path, 'utf8').trim(), source: 'file' };
    }
    throw error;
  }
}

/**
 * Validates the environment and returns the configuration. Throws an Error whose message lists
 * every problem, one per line, each naming its variable. Creates DATA_DIR (and the generated JWT
 * secret in it when JWT_SECRET is not set).
 */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      // Secrets are never echoed back.
      const shown =
        raw === undefined || /SECRET|PASSWORD|DATABASE_URL/.test(name) ? '' : ` (got "${raw}")`;
      return `  - ${name}: ${issue.message}${shown}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;

  const dataDir = resolve(vars.DATA_DIR ?? './data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new Error(
      `Invalid configuration:\n  - DATA_DIR: cannot create directory ${dataDir} (${(error as Error).message})`,
      { cause: error },
    );
  }

  let jwtSecret: string;
  let jwtSecretSource: Config['jwtSecretSource'];
  if (vars.JWT_SECRET) {
    jwtSecret = vars.JWT_SECRET;
    jwtSecretSource = 'env';
  } else {
    const loaded = loadOrCreateJwtSecret(dataDir);
    jwtSecret = loaded.secret;
    jwtSecretSource = loaded.source;
  }

  const tls = (vars.TLS ?? 'auto') as Config['tls'];
  if (tls === 'files' && (!vars.TLS_CERT_FILE || !vars.TLS_KEY_FILE)) {
    const missing = [
      vars.TLS_CERT_FILE ? undefined : 'TLS_CERT_FILE',
      vars.TLS_KEY_FILE ? undefined : 'TLS_KEY_FILE',
    ].filter((name) => name !== undefined);
    throw new Error(
      `Invalid configuration:\n${missing.map((name) => `  - ${name}: must name a PEM file when TLS=files`).join('\n')}`,
    );
  }
  const port = Number(vars.PORT ?? 3000);
  const httpsPort = Number(vars.HTTPS_PORT ?? 3443);
  if (tls !== 'off' && httpsPort === port) {
    throw new Error(
      `Invalid configuration:\n  - HTTPS_PORT: must differ from PORT (both are ${port})`,
    );
  }
  const [backupHour = 2, backupMinute = 0] = (vars.BACKUP_AT ?? '02:00').split(':').map(Number);

  const trustProxyRaw = vars.TRUST_PROXY ?? 'false';
  const trustProxy =
    trustProxyRaw === 'true' ? true : trustProxyRaw === 'false' ? false : trustProxyRaw;

  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    jwtSecret,
    jwtSecretSource,
    tokenTtlSeconds: parseDuration(vars.TOKEN_TTL ?? '7d') ?? 7 * 86_400,
    adminEmail: vars.ADMIN_EMAIL,
    adminPassword: vars.ADMIN_PASSWORD,
    businessTz: vars.BUSINESS_TZ ?? 'Africa/Dar_es_Salaam',
    logLevel: (vars.LOG_LEVEL ?? 'info') as LogLevel,
    trustProxy,
    httpsPort,
    tls,
    tlsCertFile: vars.TLS_CERT_FILE ? resolve(vars.TLS_CERT_FILE) : undefined,
    tlsKeyFile: vars.TLS_KEY_FILE ? resolve(vars.TLS_KEY_FILE) : undefined,
    publicHostnames: (vars.PUBLIC_HOSTNAMES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    backupDir: resolve(vars.BACKUP_DIR ?? join(dataDir, 'backups')),
    backupAtMinutes: backupHour * 60 + backupMinute,
    backupKeep: Number(vars.BACKUP_KEEP ?? 14),
  };
}
