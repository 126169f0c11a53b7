import type { Kysely } from 'kysely';
import type { Config } from '../../server/config.ts';
import { newId, nowIso } from '../../server/db/database.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import { createTokenService } from '../../server/plugins/auth.ts';

/** A hardware employee signed in: the user row and its token (no password is ever checked). */
export async function signUser(
  db: Kysely<DatabaseSchema>,
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds'>,
  email: string,
  category: 'hardware' | 'godown' = 'hardware',
): Promise<string> {
  const now = nowIso();
  const user = { id: newId(), email, role: 'employee' as const, category, tokenVersion: 0 };
  await db
    .insertInto('users')
    .values({ ...user, passwordHash: 'not-used', createdAt: now, updatedAt: now })
    .execute();
  return createTokenService(config).sign(user);
}

/** A product with plenty of stock for a bench's orders. */
export async function seedBenchProduct(
  db: Kysely<DatabaseSchema>,
  department: string,
  quantity: number,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('products')
    .values({
      id,
      department,
      name: `Bench item ${id.slice(0, 8)}`,
      description: 'Seeded for a benchmark',
      price: 12_500,
      quantity,
      imageId: null,
      location: null,
      condition: null,
      nutrients: null,
      version: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
