import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL for the few statements whose text never changes (the
 * fixed queries of server/db/fixed-query.ts and the one-statement order, decision 0033).
 *
 * pg sends every parameterised query as an unnamed statement: PostgreSQL parses, analyses and
 * plans it again each time, which for the order's CTE costs about as much as running it. A text
 * registered here is sent under a name instead: each connection parses it once, later runs only
 * bind and execute it (PostgreSQL re-plans a named statement by itself when a table it uses
 * changes). Other texts go as before, so ad-hoc queries never pile up statements on a
 * connection.
 *
 * One limit, the same as for any prepared statement: if a table's columns change under a running
 * process (another, newer process migrating the shared database), a registered statement whose
 * result has that table's columns (`returning *`) fails with "cached plan must not change result
 * type" on connections that prepared it, until they are replaced. Every process on one database
 * runs the same version (decision 0033, "Upgrades").
 */
const names = new Map<string, string>();

/** Registers a statement text to be prepared once per connection. */
export function prepareOnEveryConnection(sqlText: string): void {
  if (!names.has(sqlText)) names.set(sqlText, `fixed_${names.size + 1}`);
}

type Query = (config: unknown, ...rest: unknown[]) => unknown;

/** Makes a pool client send registered texts as named statements (the pool's 'connect' event). */
export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  // (text, values, callback) or (text, values) or (config): the pool itself passes a callback.
  const named: Query = (config, values, ...rest) => {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    return name === undefined || typeof values === 'function'
      ? query(config, values, ...rest)
      : query({ name, text: config, values }, ...rest);
  };
  client.query = named as typeof client.query;
}
