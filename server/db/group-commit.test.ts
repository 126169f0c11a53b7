import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type DatabaseConnection, type Dialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingSqliteDatabase } from './database.ts';
import { groupCommitDialect } from './group-commit-dialect.ts';
import {
  DeferredCommits,
  defaultGroupCommit,
  deferredScopeFailed,
  type GroupCommitOptions,
} from './group-commit.ts';

interface TestSchema {
  items: { name: string };
}

describe('group commit (SQLite)', () => {
  let dir: string;
  let file: string;
  let commits: number;
  /** When set, the next COMMIT fails with this error (as a full disk would). */
  let failNextCommit: Error | undefined;
  let db: Kysely<TestSchema>;
  /** A second connection: it sees only what has been committed. */
  let observer: Database.Database;

  /** The SQLite dialect with its COMMITs counted, and made to fail on demand. */
  function countingDialect(sqlite: Database.Database): Dialect {
    const inner = new SqliteDialect({ database: cachingSqliteDatabase(sqlite) });
    return {
      createAdapter: () => inner.createAdapter(),
      createQueryCompiler: () => inner.createQueryCompiler(),
      createIntrospector: (kysely) => inner.createIntrospector(kysely),
      createDriver: () => {
        const driver = inner.createDriver();
        const commit = driver.commitTransaction.bind(driver);
        driver.commitTransaction = async (connection: DatabaseConnection) => {
          commits += 1;
          const failure = failNextCommit;
          failNextCommit = undefined;
          if (failure) throw failure;
          return commit(connection);
        };
        return driver;
      },
    };
  }

  async function open(options: GroupCommitOptions = defaultGroupCommit): Promise<void> {
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    db = new Kysely<TestSchema>({ dialect: groupCommitDialect(countingDialect(sqlite), options) });
    await db.schema.createTable('items').addColumn('name', 'text').execute();
    observer = new Database(file, { readonly: true });
    commits = 0;
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    file = join(dir, 'test.db');
    failNextCommit = undefined;
  });
  afterEach(async () => {
    observer.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The default closes a group after 20 ms; on a loaded machine three quick transactions can take
   * longer and a test counting COMMITs failed (2, not 1). Tests that count them take time out.
   */
  const ageless: GroupCommitOptions = { ...defaultGroupCommit, maxAgeMs: 60_000 };

  const committedNames = () =>
    (observer.prepare('select name from items order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  const insertInTransaction = (name: string, fail = false) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name }).execute();
      if (fail) throw new Error(`refused ${name}`);
      // What a route does after its writes: at this point nothing may be visible to others yet.
      expect(committedNames()).not.toContain(name);
      return name;
    });

  it('lets transactions that start together share one COMMIT, each resolving only after it', async () => {
    await open(ageless);
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const seenWhenResolved = await Promise.all(
      names.map((name) => insertInTransaction(name).then(() => committedNames())),
    );
    expect(commits).toBe(1);
    // Every caller got its answer only once all eight were durable.
    for (const seen of seenWhenResolved) expect(seen).toEqual(names);
  });

  it('rolls back only the member that failed; the others of its group commit', async () => {
    await open(ageless);
    const results = await Promise.allSettled([
      insertInTransaction('kept-1'),
      insertInTransaction('refused', true),
      insertInTransaction('kept-2'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedNames()).toEqual(['kept-1', 'kept-2']);
    expect(commits).toBe(1);
  });

  it('answers a statement run alone during an open group only after that group has committed', async () => {
    await open();
    const member = insertInTransaction('x');
    // In line behind the member: it runs inside the group and sees its row...
    const read = db
      .selectFrom('items')
      .select('name')
      .execute()
      .then((rows) => ({ rows: rows.map((row) => row.name), committed: committedNames() }));
    await member;
    // ...but is answered only once that row is durable.
    expect(await read).toEqual({ rows: ['x'], committed: ['x'] });
  });

  it('rejects every member when the group COMMIT fails, leaves nothing behind and carries on', async () => {
    await open();
    failNextCommit = new Error('disk I/O error');
    const results = await Promise.allSettled([
      insertInTransaction('lost-1'),
      insertInTransaction('lost-2'),
      db.selectFrom('items').select('name').execute(),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') expect(String(result.reason)).toContain('disk I/O error');
    }
    expect(committedNames()).toEqual([]);
    // The connection is usable again: the next transaction opens a fresh group.
    await insertInTransaction('after');
    expect(committedNames()).toEqual(['after']);
  });

  it('lets work in a deferred scope go on before its COMMIT and says when all of it is durable', async () => {
    await open(ageless);
    const scope = new DeferredCommits({ holdGroupsOpen: true });
    const { result, durable } = await scope.run(async () => {
      // Sequential transactions, as the sub-requests of one batch: none waits for a COMMIT...
      await insertInTransaction('first');
      await insertInTransaction('second');
      return committedNames();
    });
    // ...so both ran before anything was durable, and they share one COMMIT.
    expect(result).toEqual([]);
    scope.close();
    await durable;
    expect(committedNames()).toEqual(['first', 'second']);
    expect(commits).toBe(1);
  });

  it('rejects a deferred scope whose group failed and refuses its later work; others carry on', async () => {
    await open(ageless);
    const scope = new DeferredCommits({ holdGroupsOpen: true });
    const first = await scope.run(() => insertInTransaction('lost'));
    scope.close();
    failNextCommit = new Error('disk I/O error');
    // A single request outside the scope commits the open group (and meets the failure).
    await expect(insertInTransaction('outside')).rejects.toThrow('disk I/O error');
    await expect(first.durable).rejects.toThrow('disk I/O error');
    expect(scope.failed).toBe(true);
    // Nothing more of the scope runs on top of writes that were rolled back.
    await expect(scope.run(() => insertInTransaction('after'))).rejects.toThrow(
      deferredScopeFailed,
    );
    await expect(scope.run(() => db.selectFrom('items').select('name').execute())).rejects.toThrow(
      deferredScopeFailed,
    );
    await insertInTransaction('fine');
    expect(committedNames()).toEqual(['fine']);
  });

  it('closes a group at maxMembers: later callers commit in the next group', async () => {
    await open({ ...ageless, maxMembers: 3 });
    await Promise.all(['1', '2', '3', '4', '5', '6', '7'].map((name) => insertInTransaction(name)));
    expect(commits).toBe(3);
    expect(committedNames()).toHaveLength(7);
  });

  it('commits each transaction on its own with maxMembers 1 (grouping off)', async () => {
    await open({ ...defaultGroupCommit, maxMembers: 1 });
    await Promise.all(['1', '2', '3', '4'].map((name) => insertInTransaction(name)));
    expect(commits).toBe(4);
  });
});
