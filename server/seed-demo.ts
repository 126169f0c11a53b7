import type { Kysely } from 'kysely';
import { departmentIds } from '../domain/departments.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { DatabaseSchema } from './db/schema.ts';
import { seedDemoProducts } from './modules/products/public.ts';
import { systemAudit } from './modules/audit/public.ts';
import { createUser, findUserByEmail } from './modules/users/public.ts';

/**
 * `npm run seed:demo`: fills demo data for a first look. Idempotent: records that already exist
 * are left alone. Each seeder prints what it did.
 */
export const demoPassword = process.env.DEMO_PASSWORD || 'demo1234';

export interface SeedContext {
  db: Kysely<DatabaseSchema>;
  log: (line: string) => void;
}

// The seed acts with an admin's rights: it is run by the operator, not by a signed-in user.
const systemActor = {
  id: 'seed',
  email: 'seed',
  role: 'admin',
  category: departmentIds[0],
} as const;

/** One employee per department: <department>@example.com. */
export async function seedDemoUsers({ db, log }: SeedContext): Promise<void> {
  for (const department of departmentIds) {
    const email = `${department}@example.com`;
    if (await findUserByEmail(db, email)) {
      log(`  user ${email} exists (password unchanged)`);
      continue;
    }
    await createUser(
      { db },
      systemActor,
      { email, password: demoPassword, role: 'employee', category: department },
      systemAudit('npm run seed:demo'),
    );
    log(`  user ${email} created, password ${demoPassword}`);
  }
}

// One line per seeder; products come from the catalog module.
export const seeders: ((context: SeedContext) => Promise<void>)[] = [
  seedDemoUsers,
  seedDemoProducts,
];

async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config);
  try {
    await migrateToLatest(database.db);
    console.log('Seeding demo data…');
    for (const seed of seeders) await seed({ db: database.db, log: (line) => console.log(line) });
    console.log('Done.');
  } finally {
    await database.destroy();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
