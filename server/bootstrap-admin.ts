import { newUserCategory } from '../domain/departments.ts';
import type { Kysely } from 'kysely';
import { normalizeEmail } from '../domain/users.ts';
import type { Config } from './config.ts';
import { isUniqueViolation, newId, nowIso } from './db/database.ts';
import type { DatabaseSchema } from './db/schema.ts';
import {
  countAdmins,
  findUserByEmail,
  generatePassword,
  hashPassword,
} from './modules/users/public.ts';

export const defaultAdminEmail = 'admin@example.com';

export type BootstrapResult =
  | { created: false }
  /** `generatedPassword` is set only when ADMIN_PASSWORD was not given: print it once. */
  | { created: true; email: string; generatedPassword: string | undefined };

/**
 * No default password ships: when no admin exists, create one from ADMIN_EMAIL/ADMIN_PASSWORD,
 * generating the password when none is given. Does nothing once any admin exists (an existing
 * admin's password is never reset from the environment).
 */
export async function bootstrapAdmin(
  db: Kysely<DatabaseSchema>,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<BootstrapResult> {
  if ((await countAdmins(db)) > 0) return { created: false };

  const email = normalizeEmail(config.adminEmail ?? defaultAdminEmail);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    throw new Error(
      `No admin account exists and ${email} already belongs to a non-admin user; set ADMIN_EMAIL to another address to create the first admin.`,
    );
  }
  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const password = config.adminPassword ?? generatedPassword ?? generatePassword();
  const now = nowIso();
  try {
    await db
      .insertInto('users')
      .values({
        id: newId(),
        email,
        passwordHash: await hashPassword(password),
        role: 'admin',
        category: newUserCategory,
        tokenVersion: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  } catch (error) {
    // Another API process starting at the same time created it first.
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }
  return { created: true, email, generatedPassword };
}
