import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type AppDatabase } from './database.ts';
import { fixedQuery } from './fixed-query.ts';
import { migrateToLatest } from './migrate.ts';

describe('fixedQuery', () => {
  let dir: string;
  let database: AppDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fixed-query-'));
    database = createDatabase({ dataDir: dir, databaseUrl: undefined });
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const bump = fixedQuery((db, p) =>
    db
      .insertInto('order_sequences')
      .values({ department: p<string>(0), lastNumber: p<number>(1) })
      .onConflict((conflict) =>
        conflict.column('department').doUpdateSet((eb) => ({
          lastNumber: eb('order_sequences.lastNumber', '+', 10),
        })),
      )
      .returning(['department', 'lastNumber']),
  );

  it('runs the compiled query with new values each time, keeping its constants', async () => {
    const { db } = database;
    expect((await bump.execute(db, ['hardware', 5])).rows).toEqual([
      { department: 'hardware', lastNumber: 5 },
    ]);
    expect((await bump.execute(db, ['hardware', 99])).rows).toEqual([
      { department: 'hardware', lastNumber: 15 },
    ]);
    expect((await bump.execute(db, ['godown', 7])).rows).toEqual([
      { department: 'godown', lastNumber: 7 },
    ]);
  });

  it('runs inside a transaction on its connection', async () => {
    const { db } = database;
    await expect(
      db.transaction().execute(async (trx) => {
        await bump.execute(trx, ['grocery', 1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await db.selectFrom('order_sequences').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
