import {
  createQueryId,
  PostgresAdapter,
  type Compilable,
  type CompiledQuery,
  type DialectAdapter,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { prepareOnEveryConnection } from './prepared-statements.ts';
import type { DatabaseSchema } from './schema.ts';

/**
 * A query whose shape never changes, built and compiled by Kysely once per database and then run
 * with new parameter values. Kysely otherwise rebuilds the immutable query tree and compiles it to
 * SQL on every call, which on the order path cost about as much as running the statements.
 *
 *   const findUser = fixedQuery((db, p) =>
 *     db.selectFrom('users').selectAll().where('id', '=', p<string>(0)));
 *   const { rows } = await findUser.execute(db, [userId]);
 *
 * `p(i)` stands for the i-th value of the `values` array. It is a placeholder object that Kysely
 * keeps as an ordinary parameter; after compiling, each parameter that is a placeholder is mapped
 * to its value index, and every other parameter (a constant written into the query, such as the
 * 1 of `version + 1`) is kept as it is. So the SQL text and the parameter order always come from
 * Kysely itself, and the query runs through the handle's executor like any other (transactions,
 * shared batch transactions and the SQLite statement cache see no difference). Only values may be
 * placeholders: never identifiers, and never a value whose shape changes the SQL (an `in` list, an
 * optional clause); such queries are built the ordinary way.
 */
class Placeholder {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

/** Placeholders cast to the value type the query builder expects at that position. */
export type Slot = <T>(index: number) => T;
const slot: Slot = <T>(index: number) => new Placeholder(index) as unknown as T;

interface Template {
  compiled: CompiledQuery;
  /** Per parameter: the index of its value, or the constant itself. */
  parameters: ({ index: number } | { constant: unknown })[];
}

type Db = Kysely<DatabaseSchema>;

export interface FixedQuery<Row> {
  /** Runs the query on `db` (or a transaction) with `values` for the placeholders. */
  execute(db: Db, values: readonly unknown[]): Promise<QueryResult<Row>>;
}

export function fixedQuery<Row>(build: (db: Db, p: Slot) => Compilable<Row>): FixedQuery<Row> {
  // Keyed by the handle's adapter: one compiled form per database (dialect), shared by its
  // transactions, which use the same adapter.
  const templates = new WeakMap<DialectAdapter, Template>();
  return {
    execute(db, values) {
      const adapter = db.getExecutor().adapter;
      let template = templates.get(adapter);
      if (!template) {
        const compiled = build(db, slot).compile();
        // On PostgreSQL a fixed text is also a named statement, prepared once per connection.
        if (adapter instanceof PostgresAdapter) prepareOnEveryConnection(compiled.sql);
        template = {
          compiled,
          parameters: compiled.parameters.map((parameter) =>
            parameter instanceof Placeholder ? { index: parameter.index } : { constant: parameter },
          ),
        };
        templates.set(adapter, template);
      }
      const parameters = template.parameters.map((parameter) =>
        'index' in parameter ? values[parameter.index] : parameter.constant,
      );
      return db.executeQuery<Row>({
        ...template.compiled,
        parameters,
        queryId: createQueryId(),
      });
    },
  };
}
