import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type AbortableOperationOptions,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { defaultGroupCommit, GroupCommit, type GroupCommitOptions } from './group-commit.ts';

/**
 * One database transaction shared by several pieces of code that each use the ordinary `db`
 * handle, e.g. the sub-requests of `POST /api/v1/batch` (decision 0006): a batch of 50 orders
 * commits once (one fsync) instead of 50 times, while every sub-request still runs the unchanged
 * route code with its own `db.transaction()`.
 *
 * How: `createShareableKysely` wraps the dialect's driver. `withSharedTransaction(db, body)` takes
 * one connection and BEGINs; `tx.step(work, keep)` runs `work` with an AsyncLocalStorage entry, so
 * every query `work` issues on `db` (directly or in `db.transaction()`) is routed to that
 * connection, and each `db.transaction()` inside becomes `SAVEPOINT` / `RELEASE SAVEPOINT`
 * (commit) / `ROLLBACK TO SAVEPOINT` (rollback). The step itself is wrapped in a savepoint that is
 * kept only when `keep(result)` says so.
 *
 * Invariants:
 * - Routing follows the async context, not the handle: code running inside a step reaches the
 *   shared connection through any `Kysely` built on the wrapped dialect, and nothing outside a
 *   step ever does. On SQLite (one connection behind a mutex, taken by the shared transaction for
 *   its whole life) a query issued from a step outside the shared connection would wait for the
 *   mutex forever; routing by context is what makes that impossible.
 * - The mutex that Kysely keeps for single-connection dialects lives in this driver's group
 *   commit instead (server/db/group-commit.ts; the adapter reports multiple connections so
 *   Kysely's own mutex is off): borrowed connections skip it, everything else takes it. A shared
 *   transaction takes the connection exclusively, after the open group (if any) has committed.
 * - A borrowed connection is its own object (`BorrowedConnection`), so releasing it is a no-op and
 *   can never unlock the mutex or return the pooled client that the shared transaction holds.
 *   After its step it refuses queries; a late query from a finished step takes the normal path.
 * - Savepoints nest strictly (a stack per step): code inside a step must not run two
 *   transactions at the same time, which no route does (each awaits its queries in turn).
 * - The shared transaction commits only when `body` returns; if it throws, everything rolls back.
 *   Steps run one after another (`step` refuses to overlap) and a shared transaction cannot be
 *   opened inside a step of another on the same database.
 */

const storage = new AsyncLocalStorage<BorrowedConnection>();

/** The shared connection as seen from one step: its savepoints and whether the step is running. */
class BorrowedConnection implements DatabaseConnection {
  readonly driver: ShareableDriver;
  readonly connection: DatabaseConnection;
  /** Names of the savepoints opened by `db.transaction()` inside this step, innermost last. */
  readonly savepoints: string[] = [];
  open = true;

  constructor(driver: ShareableDriver, connection: DatabaseConnection) {
    this.driver = driver;
    this.connection = connection;
  }

  executeQuery<R>(
    compiledQuery: CompiledQuery,
    options?: AbortableOperationOptions,
  ): Promise<QueryResult<R>> {
    if (!this.open) {
      return Promise.reject(new Error('This step of a shared transaction has ended'));
    }
    return this.connection.executeQuery<R>(compiledQuery, options);
  }

  streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!this.open) throw new Error('This step of a shared transaction has ended');
    return this.connection.streamQuery<R>(compiledQuery, chunkSize, options);
  }
}

function raw(sqlText: string): CompiledQuery {
  return CompiledQuery.raw(sqlText);
}

class ShareableDriver implements Driver {
  readonly inner: Driver;
  /** Single-connection dialects (SQLite): the connection's mutex and group commit. */
  readonly #group: GroupCommit | undefined;
  #initPromise: Promise<void> | undefined;

  constructor(inner: Driver, group: GroupCommitOptions | undefined) {
    this.inner = inner;
    this.#group = group ? new GroupCommit(inner, group) : undefined;
  }

  /** The borrowed connection of the step running in this async context, on this database. */
  borrowed(): BorrowedConnection | undefined {
    const current = storage.getStore();
    return current?.driver === this && current.open ? current : undefined;
  }

  init(options?: AbortableOperationOptions): Promise<void> {
    // Idempotent: Kysely's runtime driver calls it once, withSharedTransaction before its first use.
    this.#initPromise ??= this.inner.init(options).catch((error: unknown) => {
      this.#initPromise = undefined;
      throw error;
    });
    return this.#initPromise;
  }

  /** A real connection held alone until `releaseExclusive` (on SQLite: no group open). */
  acquireExclusive(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return this.#group
      ? this.#group.acquireExclusive(options)
      : this.inner.acquireConnection(options);
  }

  async releaseExclusive(
    connection: DatabaseConnection,
    options?: AbortableOperationOptions,
  ): Promise<void> {
    if (this.#group) this.#group.releaseExclusive();
    else await this.inner.releaseConnection(connection, options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return this.borrowed() ?? this.#group?.acquire() ?? this.inner.acquireConnection(options);
  }

  async releaseConnection(
    connection: DatabaseConnection,
    options?: AbortableOperationOptions,
  ): Promise<void> {
    // The shared transaction releases its real connection itself when it ends.
    if (connection instanceof BorrowedConnection) return;
    if (this.#group) await this.#group.release(connection);
    else await this.inner.releaseConnection(connection, options);
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    if (!(connection instanceof BorrowedConnection)) {
      if (this.#group) return this.#group.begin(connection, settings);
      return this.inner.beginTransaction(connection, settings);
    }
    if (settings.isolationLevel !== undefined || settings.accessMode !== undefined) {
      // A savepoint cannot change them; silently running weaker than asked would be worse.
      throw new Error('Transaction settings cannot be changed inside a shared transaction');
    }
    // Named by depth, so the same few statements recur (and stay in the statement cache).
    const name = `sp_${connection.savepoints.length + 1}`;
    await connection.executeQuery(raw(`savepoint ${name}`));
    connection.savepoints.push(name);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof BorrowedConnection)) {
      if (this.#group) return this.#group.commit(connection);
      return this.inner.commitTransaction(connection);
    }
    const name = connection.savepoints.pop();
    if (name === undefined) throw new Error('No savepoint to release');
    await connection.executeQuery(raw(`release savepoint ${name}`));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof BorrowedConnection)) {
      if (this.#group) return this.#group.rollback(connection);
      return this.inner.rollbackTransaction(connection);
    }
    const name = connection.savepoints.pop();
    if (name === undefined) throw new Error('No savepoint to roll back to');
    // ROLLBACK TO keeps the savepoint open; RELEASE closes it (its changes are already undone).
    await connection.executeQuery(raw(`rollback to savepoint ${name}`));
    await connection.executeQuery(raw(`release savepoint ${name}`));
  }

  async savepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('Savepoints are not supported by this driver');
    await this.inner.savepoint(connection, savepointName, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) {
      throw new Error('Savepoints are not supported by this driver');
    }
    await this.inner.rollbackToSavepoint(connection, savepointName, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint)
      throw new Error('Savepoints are not supported by this driver');
    await this.inner.releaseSavepoint(connection, savepointName, compileQuery);
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.inner.destroy(options);
  }
}

/** The driver behind each wrapped adapter (a Kysely handle exposes its adapter, not its driver). */
const driverByAdapter = new WeakMap<DialectAdapter, ShareableDriver>();

/**
 * The dialect's own adapter with `supportsMultipleConnections: true`, because the mutex lives in
 * ShareableDriver. It inherits from the original (not a wrapper class), so code that asks
 * `adapter instanceof PostgresAdapter` (migration 0002) still gets the right answer.
 */
function shareableAdapter(inner: DialectAdapter, driver: ShareableDriver): DialectAdapter {
  const adapter = Object.create(inner, {
    supportsMultipleConnections: { value: true, enumerable: true },
  }) as DialectAdapter;
  driverByAdapter.set(adapter, driver);
  return adapter;
}

/**
 * Wraps a dialect so Kysely instances built on it can take part in shared transactions. A
 * single-connection dialect (SQLite) also gets group commit (server/db/group-commit.ts).
 */
export function shareableDialect(
  inner: Dialect,
  groupCommit: GroupCommitOptions = defaultGroupCommit,
): Dialect {
  const adapter = inner.createAdapter();
  const driver = new ShareableDriver(
    inner.createDriver(),
    adapter.supportsMultipleConnections === false ? groupCommit : undefined,
  );
  const wrappedAdapter = shareableAdapter(adapter, driver);
  return {
    createDriver: () => driver,
    createAdapter: () => wrappedAdapter,
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Dialect signature
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => inner.createIntrospector(db),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
function driverOf(db: Kysely<any>): ShareableDriver {
  const driver = driverByAdapter.get(db.getExecutor().adapter);
  if (!driver) throw new Error('This database handle was not built with shareableDialect()');
  return driver;
}

/** True while the calling code runs inside a step of a shared transaction on this database. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function insideSharedTransaction(db: Kysely<any>): boolean {
  return driverOf(db).borrowed() !== undefined;
}

export interface SharedTransaction {
  /**
   * Runs `work` in a savepoint of the shared transaction, with every query it issues on the
   * database routed into it. The savepoint is kept when `keep(result)` is true and rolled back
   * when it is false or `work` throws (the error is rethrown). Steps run one at a time.
   */
  step<T>(work: () => Promise<T>, keep: (result: T) => boolean): Promise<T>;
}

/**
 * Opens one transaction, lets `body` run steps in it, and commits when `body` returns (rolls back
 * and rethrows when it throws). On SQLite the transaction holds the only connection until it
 * ends: keep `body` short.
 */
export async function withSharedTransaction<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  db: Kysely<any>,
  body: (tx: SharedTransaction) => Promise<T>,
): Promise<T> {
  const driver = driverOf(db);
  if (driver.borrowed()) throw new Error('A shared transaction cannot be nested');
  await driver.init();
  const connection = await driver.acquireExclusive();
  let running = false;
  let ended = false;
  const tx: SharedTransaction = {
    async step<S>(work: () => Promise<S>, keep: (result: S) => boolean): Promise<S> {
      if (ended) throw new Error('This shared transaction has ended');
      if (running) throw new Error('Steps of a shared transaction run one at a time');
      running = true;
      try {
        await connection.executeQuery(raw('savepoint step'));
        const borrowed = new BorrowedConnection(driver, connection);
        let kept = false;
        try {
          const result = await storage.run(borrowed, work);
          // A transaction of the step still open here would be committed by RELEASE: refuse it.
          kept = keep(result) && borrowed.savepoints.length === 0;
          return result;
        } finally {
          borrowed.open = false;
          if (!kept) await connection.executeQuery(raw('rollback to savepoint step'));
          await connection.executeQuery(raw('release savepoint step'));
        }
      } finally {
        running = false;
      }
    },
  };
  try {
    await driver.inner.beginTransaction(connection, {});
    let result: T;
    try {
      result = await body(tx);
      await driver.inner.commitTransaction(connection);
    } catch (error) {
      // Also after a failed COMMIT: SQLite may leave the transaction open (e.g. SQLITE_BUSY).
      await driver.inner.rollbackTransaction(connection).catch(() => undefined);
      throw error;
    }
    return result;
  } finally {
    ended = true;
    await driver.releaseExclusive(connection);
  }
}
