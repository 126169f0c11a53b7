import { readdirSync } from 'node:fs';
import type { Migration } from 'kysely/migration';

/** Where the migrations live: one file per schema change, `NNNN-<what-it-does>.ts`. */
export const migrationsDir = new URL('./migrations/', import.meta.url);

/** A migration's file name: four digits, a kebab-case name, `.ts` (helpers have no number). */
const migrationFile = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

/**
 * Every migration of `dir`, by name (the file name without `.ts`), in the order they run.
 *
 * Read from the folder rather than from a hand-kept index, so a new table is one new file and no
 * list to edit (decision 0032). The server runs its .ts files directly (Node's type stripping),
 * and vitest imports them the same way, so tests and production see the same set. Two files with
 * the same number, or a file without `up`, are refused here rather than run in a surprising order.
 */
export async function loadMigrations(dir: URL = migrationsDir): Promise<Record<string, Migration>> {
  const files = readdirSync(dir)
    .filter((name) => migrationFile.test(name))
    .sort();
  const migrations: Record<string, Migration> = {};
  const numbers = new Map<string, string>();
  for (const file of files) {
    const number = file.slice(0, 4);
    const clash = numbers.get(number);
    if (clash) throw new Error(`Migrations ${clash} and ${file} have the same number ${number}`);
    numbers.set(number, file);
    const loaded: unknown = await import(new URL(file, dir).href);
    const up = (loaded as { up?: unknown }).up;
    const down = (loaded as { down?: unknown }).down;
    if (typeof up !== 'function') throw new Error(`Migration ${file} does not export up(db)`);
    migrations[file.slice(0, -'.ts'.length)] = {
      up: up as Migration['up'],
      ...(typeof down === 'function' ? { down: down as Migration['down'] } : {}),
    };
  }
  return migrations;
}
