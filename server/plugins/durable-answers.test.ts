import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely, SqliteDialect, type DatabaseConnection } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchMessages } from '../../domain/batch.ts';
import { cachingSqliteDatabase } from '../db/database.ts';
import { groupCommitDialect } from '../db/group-commit-dialect.ts';
import { registerDurableAnswers } from './durable-answers.ts';

interface TestSchema {
  items: { name: string };
}

/**
 * Every request waits once, before its answer, for what it wrote or read to be durable; a COMMIT
 * that fails turns the answer into 503 (decision 0021).
 */
describe('durable answers', () => {
  let dir: string;
  let db: Kysely<TestSchema>;
  let observer: Database.Database;
  let app: FastifyInstance;
  let failNextCommit: Error | undefined;
  let commits: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'durable-answers-'));
    const file = join(dir, 'test.db');
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    const inner = new SqliteDialect({ database: cachingSqliteDatabase(sqlite) });
    failNextCommit = undefined;
    commits = 0;
    db = new Kysely<TestSchema>({
      dialect: groupCommitDialect({
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
      }),
    });
    await db.schema.createTable('items').addColumn('name', 'text').execute();
    observer = new Database(file, { readonly: true });
    app = Fastify();
    registerDurableAnswers(app);
    app.post('/items/:name', async (request) => {
      const { name } = request.params as { name: string };
      // A read, then a write: without the scope each would wait for its own COMMIT.
      const before = await db.selectFrom('items').select('name').execute();
      await db.transaction().execute((trx) => trx.insertInto('items').values({ name }).execute());
      return { before: before.length };
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    observer.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = () =>
    (observer.prepare('select name from items order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );

  it('answers only once the write is durable, with one COMMIT for the read and the write', async () => {
    const res = await app.inject({ method: 'POST', url: '/items/first' });
    expect(res.statusCode).toBe(200);
    expect(committed()).toEqual(['first']);
    expect(commits).toBe(1);
  });

  it('answers 503 when the COMMIT fails, and nothing of the request remains', async () => {
    failNextCommit = new Error('disk I/O error');
    const res = await app.inject({ method: 'POST', url: '/items/lost' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: batchMessages.notSaved });
    expect(committed()).toEqual([]);
    const next = await app.inject({ method: 'POST', url: '/items/kept' });
    expect(next.statusCode).toBe(200);
    expect(committed()).toEqual(['kept']);
  });
});
