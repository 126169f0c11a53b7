import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingSqliteDatabase } from './database.ts';
import {
  insideSharedTransaction,
  shareableDialect,
  withSharedTransaction,
} from './shared-transaction.ts';

interface TestSchema {
  items: { name: string };
}

describe('shared transactions (SQLite, one connection)', () => {
  let db: Kysely<TestSchema>;

  beforeEach(async () => {
    const sqlite = new Database(':memory:');
    db = new Kysely<TestSchema>({
      dialect: shareableDialect(new SqliteDialect({ database: cachingSqliteDatabase(sqlite) })),
    });
    await db.schema.createTable('items').addColumn('name', 'text').execute();
  });
  afterEach(() => db.destroy());

  const names = async () =>
    (await db.selectFrom('items').select('name').orderBy('name').execute()).map((r) => r.name);
  const insert = (name: string) => db.insertInto('items').values({ name }).execute();

  it('routes queries and transactions on the plain handle inside a step into the shared transaction', async () => {
    await withSharedTransaction(db, async (tx) => {
      await tx.step(
        async () => {
          expect(insideSharedTransaction(db)).toBe(true);
          await insert('a');
          // A transaction inside a step is a savepoint: it commits into the shared transaction.
          await db.transaction().execute(async (trx) => {
            await trx.insertInto('items').values({ name: 'b' }).execute();
          });
          // Reads in the step see the step's own writes.
          expect(await names()).toEqual(['a', 'b']);
        },
        () => true,
      );
      expect(insideSharedTransaction(db)).toBe(false);
    });
    expect(await names()).toEqual(['a', 'b']);
  });

  it('rolls back a failed inner transaction to its savepoint and keeps the rest of the step', async () => {
    await withSharedTransaction(db, (tx) =>
      tx.step(
        async () => {
          await insert('kept');
          await expect(
            db.transaction().execute(async (trx) => {
              await trx.insertInto('items').values({ name: 'undone' }).execute();
              throw new Error('rejected');
            }),
          ).rejects.toThrow('rejected');
          await db.transaction().execute(async (trx) => {
            await trx.insertInto('items').values({ name: 'nested-ok' }).execute();
          });
        },
        () => true,
      ),
    );
    expect(await names()).toEqual(['kept', 'nested-ok']);
  });

  it('keeps a step only when keep() says so, and rolls it back when it throws', async () => {
    await withSharedTransaction(db, async (tx) => {
      await tx.step(
        () => insert('first'),
        () => true,
      );
      const refused = await tx.step(
        async () => {
          await insert('refused');
          return 409;
        },
        (status) => status < 400,
      );
      expect(refused).toBe(409);
      await expect(
        tx.step(
          async () => {
            await insert('thrown');
            throw new Error('boom');
          },
          () => true,
        ),
      ).rejects.toThrow('boom');
      await tx.step(
        () => insert('last'),
        () => true,
      );
    });
    expect(await names()).toEqual(['first', 'last']);
  });

  it('rolls everything back when the body throws', async () => {
    await expect(
      withSharedTransaction(db, async (tx) => {
        await tx.step(
          () => insert('gone'),
          () => true,
        );
        throw new Error('body failed');
      }),
    ).rejects.toThrow('body failed');
    expect(await names()).toEqual([]);
  });

  it('makes queries outside the steps wait for the commit instead of entering the transaction', async () => {
    const events: string[] = [];
    let outside: Promise<string[]> | undefined;
    await withSharedTransaction(db, async (tx) => {
      await tx.step(
        () => insert('inside'),
        () => true,
      );
      // Issued outside any step (as another request would be): it queues for the connection.
      outside = names().then((rows) => {
        events.push('outside read');
        return rows;
      });
      await tx.step(
        () => insert('inside-2'),
        () => true,
      );
      events.push('body done');
    });
    expect(await outside).toEqual(['inside', 'inside-2']);
    expect(events).toEqual(['body done', 'outside read']);
  });

  it('refuses a shared transaction inside a step, and transaction settings inside a step', async () => {
    await withSharedTransaction(db, (tx) =>
      tx.step(
        async () => {
          await expect(withSharedTransaction(db, async () => undefined)).rejects.toThrow(
            'cannot be nested',
          );
          await expect(
            db
              .transaction()
              .setIsolationLevel('serializable')
              .execute(async () => undefined),
          ).rejects.toThrow('Transaction settings');
        },
        () => true,
      ),
    );
  });

  it('refuses overlapping steps; a query from an ended step takes the normal path', async () => {
    let late: (() => Promise<unknown>) | undefined;
    await withSharedTransaction(db, async (tx) => {
      const first = tx.step(
        async () => {
          await insert('one');
        },
        () => true,
      );
      await expect(
        tx.step(
          async () => undefined,
          () => true,
        ),
      ).rejects.toThrow('one at a time');
      await first;
      await tx.step(
        async () => {
          // Captures the step's context; used after the step ended it must not run in it.
          late = () => insert('late');
        },
        () => true,
      );
    });
    // After the step and the transaction: the late query takes the normal path and succeeds.
    await late?.();
    expect(await names()).toEqual(['late', 'one']);
  });
});

describe('cachingSqliteDatabase', () => {
  it('prepares each SQL text once and evicts the least recently used beyond its size', () => {
    const sqlite = new Database(':memory:');
    const prepared: string[] = [];
    const counting = {
      prepare: (sqlText: string) => {
        prepared.push(sqlText);
        return sqlite.prepare(sqlText);
      },
      close: () => sqlite.close(),
    };
    const cached = cachingSqliteDatabase(counting, 2);
    const a = cached.prepare('select 1');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 2');
    cached.prepare('select 1'); // now 'select 2' is the least recently used
    cached.prepare('select 3'); // evicts 'select 2'
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
    cached.close();
    expect(sqlite.open).toBe(false);
  });

  it('hands out a fresh statement while the cached one is still iterating', () => {
    const sqlite = new Database(':memory:');
    const cached = cachingSqliteDatabase(sqlite);
    const sqlText = 'select value from json_each(?)';
    const statement = cached.prepare(sqlText);
    const outer = statement.iterate(['[1,2]']);
    expect(outer.next().value).toEqual({ value: 1 });
    const inner = cached.prepare(sqlText);
    expect(inner).not.toBe(statement);
    expect(inner.all(['[3]'])).toEqual([{ value: 3 }]);
    expect(outer.next().value).toEqual({ value: 2 });
    outer.return?.();
    expect(cached.prepare(sqlText)).toBe(statement);
    cached.close();
  });
});
