import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  namePreparedStatements,
  prepareOnEveryConnection,
} from '../../server/db/prepared-statements.ts';
import { databaseTargets, openTestDatabase, type TestDatabase } from './harness.ts';

/**
 * Named prepared statements on PostgreSQL (server/db/prepared-statements.ts, decision 0033): a
 * registered text is prepared once per connection and reused; any other text stays unnamed; a
 * table changed under a prepared statement is re-planned by PostgreSQL, not an error.
 */
const postgres = databaseTargets.find((target) => target.name === 'postgres');
const skip = !postgres || postgres.unavailable !== undefined;

let database: TestDatabase | undefined;
let pool: pg.Pool;

beforeAll(async () => {
  if (skip || !postgres) return;
  database = await openTestDatabase(postgres);
  pool = new pg.Pool({ connectionString: database.config.databaseUrl, max: 1 });
  pool.on('connect', namePreparedStatements);
});

afterAll(async () => {
  await pool?.end();
  await database?.close();
});

it.skipIf(skip)(
  'prepares a registered text once per connection and leaves others unnamed',
  async () => {
    const registered = 'select $1::integer + 1 as n';
    const other = 'select $1::integer + 2 as n';
    prepareOnEveryConnection(registered);
    const client = await pool.connect();
    try {
      for (let round = 1; round <= 3; round += 1) {
        expect((await client.query(registered, [round])).rows).toEqual([{ n: round + 1 }]);
        expect((await client.query(other, [round])).rows).toEqual([{ n: round + 2 }]);
      }
      const { rows } = await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements',
      );
      expect(rows.map((row) => row.statement)).toEqual([registered]);
    } finally {
      client.release();
    }
  },
);

it.skipIf(skip)('keeps working when a table it reads gains a column', async () => {
  await pool.query('create table prepared_probe (id integer primary key, name text)');
  await pool.query("insert into prepared_probe values (1, 'one')");
  const read = 'select name from prepared_probe where id = $1';
  prepareOnEveryConnection(read);
  expect((await pool.query(read, [1])).rows).toEqual([{ name: 'one' }]);
  await pool.query('alter table prepared_probe add column extra text');
  expect((await pool.query(read, [1])).rows).toEqual([{ name: 'one' }]);
});
