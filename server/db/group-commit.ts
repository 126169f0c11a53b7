import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type AbortableOperationOptions,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Group commit for a single-connection database (SQLite): transactions that run close together
 * share one COMMIT, so one fsync makes a whole group durable instead of one fsync per request
 * (decision 0010). Every caller still uses the ordinary `db.transaction()`; nothing in the
 * routes changes.
 *
 * How: the first transaction BEGINs a group. Each transaction is a member: it runs inside the
 * group in its own savepoint (a failed member rolls back to it, the others are untouched), holds
 * the connection only while it runs, and when its body ends its savepoint is released and the
 * connection goes to the next caller in line. Its `commit` returns only when the group's COMMIT
 * has succeeded. The group commits when nobody is waiting for the connection (checked after the
 * current turn of the event loop, so requests that arrived together join the same group) or when
 * it reaches `maxMembers` or `maxAgeMs`.
 *
 * Invariants:
 * - Nothing is acknowledged before it is durable: a member's commit, and the result of any
 *   statement run outside a transaction while a group is open (a read may see the group's
 *   uncommitted rows), resolve only after the group's COMMIT. If that COMMIT fails, the whole
 *   group is rolled back and every one of them gets the error, so clients retry with the same
 *   Idempotency-Key and nothing half-applied remains.
 * - One holder at a time: the connection is behind a FIFO mutex taken per transaction (from
 *   BEGIN to the end of its body) or per single statement, never across a wait for a COMMIT.
 * - Deferred durability (`DeferredCommits`, used by POST /batch): inside a scope, a commit returns
 *   as soon as the member's savepoint is released, and a statement outside a transaction as soon
 *   as it ran; the scope remembers the groups they joined and says when those are durable. The
 *   caller acknowledges nothing before that. Once a group joined by a scope has failed, every
 *   later transaction or statement of that scope is refused, so no work of the scope can build on
 *   writes that were rolled back.
 */

/** FIFO lock, as Kysely's own ConnectionMutex, that also says whether anyone is waiting. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;

  /** Resolves with the unlock function once every earlier holder has unlocked. */
  lock(): Promise<() => void> {
    let unlock!: () => void;
    const released = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    this.#waiting += 1;
    const acquired = this.#tail.then(() => {
      this.#waiting -= 1;
      return unlock;
    });
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }

  /** Callers in line for the lock (not counting its holder). */
  get waiting(): number {
    return this.#waiting;
  }
}

export interface GroupCommitOptions {
  /** A group commits once it has this many committed members (1 turns grouping off). */
  maxMembers: number;
  /** ... or once it has been open this long. */
  maxAgeMs: number;
}

/**
 * A group grows only while the connection is never idle (requests keep arriving, or batches are
 * running). Then larger groups write each shared page once for more orders and pay one fsync for
 * more of them; the price is that a member's answer may wait up to maxAgeMs for its COMMIT.
 */
export const defaultGroupCommit: GroupCommitOptions = { maxMembers: 256, maxAgeMs: 30 };

interface Group {
  openedAt: number;
  /** Its COMMIT failed: everything in it was rolled back. */
  failed: boolean;
  members: number;
  commitQueued: boolean;
  /** Full: the next holder of the connection commits it before doing anything else. */
  closing: boolean;
  /** Settles when the group's COMMIT has succeeded or failed. */
  committed: Promise<void>;
  settle(error?: unknown): void;
  /** Asks its GroupCommit to decide again whether it commits now (a scope closed). */
  nudge(): void;
  /** Set once an age timer is waiting to decide for it. */
  ageTimer: boolean;
}

function openGroup(nudge: () => void): Group {
  let settle!: (error?: unknown) => void;
  const committed = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  // Awaited by whoever joined; a group nobody awaits must not raise an unhandled rejection.
  committed.catch(() => undefined);
  return {
    openedAt: performance.now(),
    failed: false,
    members: 0,
    commitQueued: false,
    closing: false,
    committed,
    settle,
    nudge,
    ageTimer: false,
  };
}

const raw = (sqlText: string) => CompiledQuery.raw(sqlText);
const memberSavepoint = 'group_member';

/** What Kysely holds between acquireConnection and releaseConnection: the mutex is taken lazily. */
class GroupConnection implements DatabaseConnection {
  readonly gate: GroupCommit;
  unlock: (() => void) | undefined;
  /** Inside a member transaction (its savepoint is open and it holds the mutex). */
  member = false;

  constructor(gate: GroupCommit) {
    this.gate = gate;
  }

  executeQuery<R>(
    compiledQuery: CompiledQuery,
    options?: AbortableOperationOptions,
  ): Promise<QueryResult<R>> {
    return this.gate.execute<R>(this, compiledQuery, options);
  }

  // eslint-disable-next-line require-yield -- refuses before yielding anything
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported with group commit');
  }
}

export class GroupCommit {
  readonly #inner: Driver;
  readonly #options: GroupCommitOptions;
  readonly #mutex = new Mutex();
  #connection: DatabaseConnection | undefined;
  #group: Group | undefined;

  constructor(inner: Driver, options: GroupCommitOptions = defaultGroupCommit) {
    this.#inner = inner;
    this.#options = options;
  }

  async #real(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    this.#connection ??= await this.#inner.acquireConnection(options);
    return this.#connection;
  }

  async #lock(connection: GroupConnection): Promise<void> {
    connection.unlock ??= await this.#mutex.lock();
  }

  #unlock(connection: GroupConnection): void {
    const unlock = connection.unlock;
    connection.unlock = undefined;
    unlock?.();
    this.#afterWork();
  }

  /** Commits the open group; the caller holds the mutex. */
  async #commitGroup(): Promise<void> {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    const connection = await this.#real();
    try {
      await this.#inner.commitTransaction(connection);
      group.settle();
    } catch (error) {
      // SQLite may leave the transaction open after a failed COMMIT (e.g. SQLITE_BUSY).
      group.failed = true;
      await this.#inner.rollbackTransaction(connection).catch(() => undefined);
      group.settle(error);
    }
  }

  #queueCommit(group: Group): void {
    if (group.commitQueued) return;
    group.commitQueued = true;
    // In line behind everyone already waiting: they join this group, later callers the next.
    void this.#mutex.lock().then(async (unlock) => {
      try {
        if (this.#group === group) await this.#commitGroup();
      } finally {
        unlock();
        // The group may have been committed by a holder before this turn (it was full): the
        // one opened since then still needs its own decision.
        this.#afterWork();
      }
    });
  }

  /** Called whenever the mutex is handed on: decides when the open group commits. */
  #afterWork(): void {
    const group = this.#group;
    if (!group || group.commitQueued) return;
    const full =
      group.members >= this.#options.maxMembers ||
      performance.now() - group.openedAt >= this.#options.maxAgeMs;
    if (full) {
      group.closing = true;
      this.#queueCommit(group);
    } else if (openScopes > 0) {
      // A batch is between two of its writes: it will be back at once, so the group stays open
      // for it (up to maxMembers or maxAgeMs; a timer keeps the age limit if all goes quiet).
      if (!group.ageTimer) {
        group.ageTimer = true;
        const left = this.#options.maxAgeMs - (performance.now() - group.openedAt);
        setTimeout(() => this.#afterWork(), Math.max(0, left)).unref();
      }
    } else if (this.#mutex.waiting === 0) {
      // After this turn of the event loop: requests read in the same turn join the group.
      setImmediate(() => {
        if (this.#group === group && this.#mutex.waiting === 0 && openScopes === 0) {
          this.#queueCommit(group);
        } else if (this.#group === group) {
          this.#afterWork();
        }
      });
    }
  }

  acquire(): DatabaseConnection {
    return new GroupConnection(this);
  }

  async release(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof GroupConnection)) throw new Error('Not a group connection');
    if (connection.member) {
      // A transaction abandoned without commit or rollback: undo it, never let it commit.
      await this.rollback(connection);
    }
    if (connection.unlock) this.#unlock(connection);
  }

  async begin(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof GroupConnection)) throw new Error('Not a group connection');
    await this.#lock(connection);
    try {
      refuseInFailedScope();
      const real = await this.#real();
      // SQLite has one isolation level; its driver ignores the settings, and so does a member.
      if (this.#group?.closing) await this.#commitGroup();
      if (!this.#group) {
        await this.#inner.beginTransaction(real, settings);
        this.#group = openGroup(() => this.#afterWork());
      }
      await real.executeQuery(raw(`savepoint ${memberSavepoint}`));
      connection.member = true;
    } catch (error) {
      this.#unlock(connection);
      throw error;
    }
  }

  async commit(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof GroupConnection) || !connection.member) {
      throw new Error('No group transaction to commit');
    }
    const group = this.#group;
    if (!group) throw new Error('No open group');
    const real = await this.#real();
    connection.member = false;
    try {
      await real.executeQuery(raw(`release savepoint ${memberSavepoint}`));
      group.members += 1;
    } finally {
      this.#unlock(connection);
    }
    await durableOrDeferred(group);
  }

  async rollback(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof GroupConnection)) throw new Error('Not a group connection');
    // Kysely rolls back after a failed commit too: the member's savepoint was released and the
    // failed group COMMIT has already rolled everything back.
    if (!connection.member) return;
    const real = await this.#real();
    connection.member = false;
    try {
      // ROLLBACK TO keeps the savepoint open; RELEASE closes it (its changes are already undone).
      await real.executeQuery(raw(`rollback to savepoint ${memberSavepoint}`));
      await real.executeQuery(raw(`release savepoint ${memberSavepoint}`));
    } finally {
      this.#unlock(connection);
    }
  }

  /** A statement: inside its member transaction, or alone (held until an open group commits). */
  async execute<R>(
    connection: GroupConnection,
    compiledQuery: CompiledQuery,
    options?: AbortableOperationOptions,
  ): Promise<QueryResult<R>> {
    const real = await this.#real(options);
    if (connection.member) return real.executeQuery<R>(compiledQuery, options);
    await this.#lock(connection);
    let result: QueryResult<R>;
    let group: Group | undefined;
    try {
      refuseInFailedScope();
      if (this.#group?.closing) await this.#commitGroup();
      group = this.#group;
      result = await real.executeQuery<R>(compiledQuery, options);
    } finally {
      this.#unlock(connection);
    }
    if (group) await durableOrDeferred(group);
    return result;
  }
}

// ─── Deferred durability ──────────────────────────────────────────────────────────────────────

/** The work of one `DeferredCommits.run`: the groups its commits and statements joined. */
interface Tracker {
  scope: DeferredCommits;
  groups: Set<Group>;
}

const deferral = new AsyncLocalStorage<Tracker>();
/** DeferredCommits not yet closed: while one is, an idle moment does not end the open group. */
let openScopes = 0;

export const deferredScopeFailed =
  'An earlier write of this batch could not be saved; nothing more of it runs';

function refuseInFailedScope(): void {
  if (deferral.getStore()?.scope.failed) throw new Error(deferredScopeFailed);
}

/** Waits for the group's COMMIT, or, inside a deferred scope, records it and returns at once. */
function durableOrDeferred(group: Group): Promise<void> | undefined {
  const tracker = deferral.getStore();
  if (!tracker) return group.committed;
  tracker.groups.add(group);
  tracker.scope.joined.add(group);
  return undefined;
}

function allCommitted(groups: Iterable<Group>): Promise<void> {
  const durable = Promise.all([...groups].map((group) => group.committed)).then(() => undefined);
  // Awaited by the caller; an unawaited failure must not become an unhandled rejection.
  durable.catch(() => undefined);
  return durable;
}

/**
 * Work whose answer is sent only once everything it wrote or read is durable, without waiting
 * for each COMMIT on the way: every HTTP request (server/plugins/durable-answers.ts, one wait
 * before its answer instead of one per statement) and the sub-requests of POST /batch. The
 * groups its transactions and statements joined are shared with every other request, and
 * `durable()` says when they have all committed. Outside group commit (PostgreSQL) a commit is
 * durable when it returns and `durable()` resolves at once.
 *
 * A scope made with `holdGroupsOpen` (a batch, between two of its writes) also keeps an idle
 * moment from ending the open group: its next write is about to join. Groups then close at
 * maxMembers or maxAgeMs, so a batch's writes share few COMMITs. Such a scope must be closed.
 */
export class DeferredCommits {
  /** Every group joined by work of this scope. */
  readonly joined = new Set<Group>();
  #holding: boolean;

  constructor(options: { holdGroupsOpen?: boolean } = {}) {
    this.#holding = options.holdGroupsOpen === true;
    if (this.#holding) openScopes += 1;
  }

  /**
   * No more work will run in the scope: groups may commit as soon as the connection is idle
   * again. Call it before waiting for durability, or the wait lasts until maxAgeMs.
   */
  close(): void {
    if (!this.#holding) return;
    this.#holding = false;
    openScopes -= 1;
    for (const group of this.joined) group.nudge();
  }

  /** True once a group joined by this scope failed to commit (its writes are gone). */
  get failed(): boolean {
    for (const group of this.joined) if (group.failed) return true;
    return false;
  }

  /** Runs `fn` and everything it starts (sync or async) in the scope. */
  enter<T>(fn: () => T): T {
    return deferral.run({ scope: this, groups: this.joined }, fn);
  }

  /** Settles when everything run in the scope so far is durable; rejects if some was lost. */
  durable(): Promise<void> {
    return allCommitted(this.joined);
  }

  /**
   * Runs `work` in the scope. `durable` settles when every transaction and statement `work` ran
   * is durable, and rejects if one of them was lost with its group. `work` should not throw; if
   * it does, the error is rethrown.
   */
  async run<T>(work: () => Promise<T>): Promise<{ result: T; durable: Promise<void> }> {
    const tracker: Tracker = { scope: this, groups: new Set() };
    const result = await deferral.run(tracker, work);
    return { result, durable: allCommitted(tracker.groups) };
  }
}
