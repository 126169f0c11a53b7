import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createConcurrencyLimit, LimitExceeded } from '../../concurrency-limit.ts';
import { httpError } from '../../http-errors.ts';

/**
 * Password hashing with scrypt (node:crypto). The stored string carries its parameters, so
 * stronger defaults later still verify old hashes:
 *   scrypt$N$r$p$<salt base64url>$<hash base64url>
 * Defaults follow OWASP's scrypt guidance (N=2^15, r=8, p=3 ≈ N=2^17, p=1) at 32 MiB per hash.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const defaultScryptParams: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

const keyLength = 64;
const saltLength = 16;

/**
 * Hashing runs two at a time with at most 16 more in line (each takes 32 MiB and a thread-pool
 * thread): a burst of logins beyond that is answered 503 with Retry-After at once, so it cannot
 * starve the server's other work or its memory.
 */
export const hashingLimits = { concurrency: 2, queue: 16 } as const;
export const hashingBusy = 'The server is busy. Please try again in a moment.';
const hashing = createConcurrencyLimit(hashingLimits);

async function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  try {
    return await hashing.run(() => deriveNow(password, salt, params));
  } catch (error) {
    if (error instanceof LimitExceeded) {
      throw httpError(503, hashingBusy, undefined, { 'retry-after': '1' });
    }
    throw error;
  }
}

function deriveNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = defaultScryptParams,
): Promise<string> {
  const salt = randomBytes(saltLength);
  const hash = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/** Constant-time check; false for a malformed stored value rather than an exception. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (
    !N ||
    !r ||
    !p ||
    !Number.isSafeInteger(N) ||
    !Number.isSafeInteger(r) ||
    !Number.isSafeInteger(p)
  ) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length !== keyLength) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail is unknown, so response time does not
 * reveal which e-mails have accounts. Always resolves false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A random password for generated accounts (first admin): 20 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
