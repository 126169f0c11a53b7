import Dexie, { type ObservabilitySet } from 'dexie';
import { normalizeQuery } from '../../../../domain/search.ts';
import { changedProductKeys } from './changed-product-keys.ts';
import type { ProductSearchIndex } from './product-search-index.ts';
import { readProductPage, type ProductPage } from './queries.ts';

/** How often a burst of bulk writes (a pull) re-reads the page at most. */
export const bulkRefreshMs = 500;

/**
 * During a burst the wait is also at least this many times the last read: the read counts the
 * department in IndexedDB, which walks it (~0.4 s at 40,000 products on a tablet), and a count
 * and a pull's write of the same table take turns; so re-reads take at most a fifth of the time.
 */
const bulkRefreshReadFactor = 4;
const maxBulkRefreshMs = 5000;

/**
 * The department home's list as a small external store: the page of products shown for the
 * debounced query and the requested page, kept live from the mirror.
 *
 * Why not `useLiveQuery`: a keystroke's results must show within 50 ms of the debounce on a slow
 * tablet. Through React state and `useLiveQuery` the read started only after a render, a commit,
 * the passive effects and liveQuery's own `setTimeout(0)`; here the debounce timer starts the read
 * itself, and `useSyncExternalStore` renders the result in one synchronous pass.
 *
 * Rules: a query is answered once the search index is built (until then the previous page stays
 * shown, and the index is asked to build); only the newest read may publish (older ones are
 * dropped); a read that finds what is already shown publishes nothing (no re-render). The page is
 * read again when the index changes during a search, and when a committed write touches products
 * of this database (a count, a stock level or a name on the page may have changed).
 */
export class ProductPageFeed {
  private readonly debounceMs: number;
  private index: ProductSearchIndex | null = null;
  private pageSize = 1;
  private query = '';
  private page = 1;
  private result: ProductPage | undefined;
  private failure: unknown = null;
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private bulkRefreshPending = false;
  /** How long the last page read took (ms), from start to answer. */
  private lastReadMs = 0;
  private unsubscribeIndex: (() => void) | null = null;
  private cancelIdleBuild: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(debounceMs: number) {
    this.debounceMs = debounceMs;
  }

  /** Starts reading (and following the mirror) for a department's index; `stop()` undoes it. */
  start(index: ProductSearchIndex, pageSize: number): void {
    this.stop();
    this.index = index;
    this.pageSize = pageSize;
    this.unsubscribeIndex = index.subscribe(this.onIndexChanged);
    Dexie.on.storagemutated.subscribe(this.onMutated);
    this.refresh();
  }

  stop(): void {
    this.cancelIdleBuild?.();
    this.cancelIdleBuild = null;
    clearTimeout(this.timer);
    clearTimeout(this.refreshTimer);
    this.bulkRefreshPending = false;
    this.unsubscribeIndex?.();
    this.unsubscribeIndex = null;
    Dexie.on.storagemutated.unsubscribe(this.onMutated);
    this.index = null;
    this.generation += 1; // reads in flight publish nothing
  }

  /** What the search box holds; applied once it has stayed unchanged for the debounce delay. */
  typeQuery(value: string): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.setQuery(value), this.debounceMs);
  }

  /** Applies a query at once (the debounce calls this). */
  setQuery(value: string): void {
    this.query = value;
    this.refresh();
  }

  setPage = (page: number): void => {
    if (page === this.page) return;
    this.page = page;
    this.refresh();
  };

  /** The page shown; undefined until the first read has answered. Throws what a read threw. */
  getSnapshot = (): ProductPage | undefined => {
    if (this.failure !== null) throw this.failure;
    return this.result;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  // The empty query needs no read here: the index answers it only while current (queries.ts), and
  // the write that changed the index made it not current and scheduled a read of its own.
  private readonly onIndexChanged = (): void => {
    if (normalizeQuery(this.query) !== '') this.scheduleRefresh();
  };

  private readonly onMutated = (parts: ObservabilitySet): void => {
    if (!this.index) return;
    const changed = changedProductKeys(parts, this.index.db.name);
    if (changed.kind === 'all') this.scheduleBulkRefresh();
    else if (changed.kind === 'keys') this.scheduleRefresh();
  };

  /** Mutations come in bursts (a pull writes page after page): one read after the burst. */
  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.bulkRefreshPending = false;
    this.refreshTimer = setTimeout(() => this.refresh(), 0);
  }

  /**
   * A bulk write (a pull's page) refreshes the page at most every `bulkRefreshMs`, or four times
   * the last read if longer: a read counts the department's rows, and once per page of a
   * 50,000-product first sync on a tablet's disk that count grew with every page and held up the
   * pull's writes. The count shown still climbs every half second to few seconds.
   */
  private scheduleBulkRefresh(): void {
    if (this.bulkRefreshPending) return;
    this.bulkRefreshPending = true;
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(
      () => {
        this.bulkRefreshPending = false;
        this.refresh();
      },
      Math.min(maxBulkRefreshMs, Math.max(bulkRefreshMs, bulkRefreshReadFactor * this.lastReadMs)),
    );
  }

  private refresh(): void {
    const index = this.index;
    if (!index) return;
    if (normalizeQuery(this.query) !== '' && !index.ready) {
      index.ensureBuilt(); // its change notice brings us back here
      return;
    }
    const generation = ++this.generation;
    const started = performance.now();
    readProductPage(
      index.dept,
      { query: this.query, page: this.page, pageSize: this.pageSize, search: index },
      index.db,
    ).then(
      (result) => {
        this.lastReadMs = performance.now() - started;
        if (generation !== this.generation) return;
        if (this.result && samePage(this.result, result)) return;
        this.result = result;
        this.publish();
        if (result.departmentTotal > 0 && !index.ready) this.buildWhenIdle(index);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        // Closing the database (sign-out) is not a failure of this page.
        if (error instanceof Dexie.DatabaseClosedError) return;
        this.failure = error;
        this.publish();
      },
    );
  }

  /**
   * Builds the search index once the page is shown and the browser is idle, so the first search
   * does not wait for a read of the whole department (about 0.4 s for 10,000 products on a
   * tablet) while the clerk types.
   */
  private buildWhenIdle(index: ProductSearchIndex): void {
    if (this.cancelIdleBuild) return;
    const build = () => {
      if (this.index === index) index.ensureBuilt();
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(build, { timeout: 2000 });
      this.cancelIdleBuild = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(build, 500);
      this.cancelIdleBuild = () => clearTimeout(handle);
    }
  }

  private publish(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Same page, same rows, every shown field equal: nothing to re-render. */
export function samePage(a: ProductPage, b: ProductPage): boolean {
  if (
    a.query !== b.query ||
    a.total !== b.total ||
    a.departmentTotal !== b.departmentTotal ||
    a.page !== b.page ||
    a.pages !== b.pages ||
    a.rows.length !== b.rows.length
  ) {
    return false;
  }
  return a.rows.every((row, position) => {
    const other = b.rows[position];
    if (!other) return false;
    const keys = Object.keys(row) as (keyof typeof row)[];
    return (
      keys.length === Object.keys(other).length && keys.every((key) => row[key] === other[key])
    );
  });
}
