import type {
  AbortableOperationOptions,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';
import { defaultGroupCommit, GroupCommit, type GroupCommitOptions } from './group-commit.ts';

/**
 * A single-connection dialect (SQLite) with group commit (server/db/group-commit.ts, decision
 * 0010): every `db.transaction()` becomes a member of a group that commits with one fsync.
 *
 * Kysely keeps its own mutex for dialects that report a single connection; that mutex lives in
 * GroupCommit instead, so the adapter reports multiple connections and Kysely's is off.
 */
class GroupCommitDriver implements Driver {
  readonly #inner: Driver;
  readonly #group: GroupCommit;
  #initPromise: Promise<void> | undefined;

  constructor(inner: Driver, options: GroupCommitOptions) {
    this.#inner = inner;
    this.#group = new GroupCommit(inner, options);
  }

  init(options?: AbortableOperationOptions): Promise<void> {
    this.#initPromise ??= this.#inner.init(options).catch((error: unknown) => {
      this.#initPromise = undefined;
      throw error;
    });
    return this.#initPromise;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#group.acquire();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#group.release(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#group.begin(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#group.commit(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#group.rollback(connection);
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.destroy(options);
  }
}

/**
 * The dialect's own adapter with `supportsMultipleConnections: true`, because the mutex lives in
 * GroupCommit. It inherits from the original (not a wrapper class), so code that asks
 * `adapter instanceof PostgresAdapter` or `SqliteAdapter` still gets the right answer.
 */
function multipleConnectionAdapter(inner: DialectAdapter): DialectAdapter {
  return Object.create(inner, {
    supportsMultipleConnections: { value: true, enumerable: true },
  }) as DialectAdapter;
}

/** Wraps a single-connection dialect (SQLite) with group commit. */
export function groupCommitDialect(
  inner: Dialect,
  options: GroupCommitOptions = defaultGroupCommit,
): Dialect {
  const adapter = multipleConnectionAdapter(inner.createAdapter());
  const driver = new GroupCommitDriver(inner.createDriver(), options);
  return {
    createDriver: () => driver,
    createAdapter: () => adapter,
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Dialect signature
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => inner.createIntrospector(db),
  };
}
