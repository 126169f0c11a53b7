import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations } from './migration-files.ts';

const folders: string[] = [];

function folderWith(files: Record<string, string>): URL {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return pathToFileURL(`${dir}/`);
}

const migration = 'export async function up() {}\nexport async function down() {}\n';

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadMigrations', () => {
  it('finds every numbered file of the migrations folder, in the order they run', async () => {
    const names = Object.keys(await loadMigrations());
    expect(names[0]).toBe('0001-users');
    expect(names).toContain('0012-stock-counts');
    expect(names).toEqual([...names].sort());
    // Helpers beside them (list-version-triggers.ts) are not migrations.
    expect(names.every((name) => /^\d{4}-/.test(name))).toBe(true);
  });

  it('skips helpers and tests and keeps up and down', async () => {
    const dir = folderWith({
      '0002-second.ts': migration,
      '0001-first.ts': migration,
      'shared-helper.ts': 'export const x = 1;\n',
      '0003-third.test.ts': migration,
    });
    const migrations = await loadMigrations(dir);
    expect(Object.keys(migrations)).toEqual(['0001-first', '0002-second']);
    expect(typeof migrations['0001-first']?.down).toBe('function');
  });

  it('refuses two files with the same number, naming both', async () => {
    const dir = folderWith({ '0004-one.ts': migration, '0004-other.ts': migration });
    await expect(loadMigrations(dir)).rejects.toThrow(
      'Migrations 0004-one.ts and 0004-other.ts have the same number 0004',
    );
  });

  it('refuses a migration without up', async () => {
    const dir = folderWith({ '0005-broken.ts': 'export const down = () => undefined;\n' });
    await expect(loadMigrations(dir)).rejects.toThrow(
      'Migration 0005-broken.ts does not export up(db)',
    );
  });
});
