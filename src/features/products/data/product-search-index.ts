import Dexie, { type ObservabilitySet } from 'dexie';
import { naturalSortKey } from '../../../../domain/natural-sort.ts';
import { normalizeQuery, type SearchField } from '../../../../domain/search.ts';
import { db as defaultDb, type AppDatabase, type ProductRecord } from '../../../db/database.ts';
import { listProducts } from '../../department/product-list.ts';
import { changedProductKeys } from './changed-product-keys.ts';

/**
 * A department's products as the home page's search needs them, kept in memory: id, name and the
 * lower-cased searched fields (name; hardware also description), in the order of the Dexie index
 * [department+sortName] (names in natural order, domain/natural-sort.ts; ties by _id), which is
 * the order the home page lists. A keystroke filters these strings (domain/search.ts semantics: trimmed,
 * case-insensitive substring on any searched field) and the page then reads only the rows of the
 * visible page, instead of reading and filtering every row on every search.
 *
 * Built on demand (the home page asks once its first page is shown and the browser is idle, and
 * the search box when it gets focus or a query), with one read of the department. Kept current from Dexie's `storagemutated` event, which reports the primary keys each
 * committed write touched, in this tab and (through Dexie's BroadcastChannel) in other tabs and the
 * service worker: a write of a few products re-reads just those rows; a bulk write (Dexie reports
 * 50 or more puts as a whole-table change), a clear or a reopened database rebuilds the index.
 *
 * Invariants: work runs one step at a time; changes reported while a step runs are applied by the
 * next step, which re-reads them after the change committed, so the index converges on the mirror.
 * A patch first removes every id it re-reads, so entries a build may have read mid-change (and
 * placed by a stale name) never disturb the binary search that places the re-read rows.
 */
interface Entry {
  id: string;
  /** The row's `sortName` (natural order of names). */
  sortKey: string;
  /** Lower-cased values of the searched fields, in the descriptor's order. */
  text: readonly string[];
}

/**
 * A bulk write to a built index waits at least this long for the next one before the index is
 * rebuilt: a first sync writes page after page, and one rebuild after the last page costs one
 * read of the department instead of one per page.
 */
export const bulkRebuildDelayMs = 250;

/**
 * The wait also stretches to twice the last gap between bulk writes (up to 5 s): on a tablet's
 * disk a page of a 50,000-product first sync takes a second or more, far past 250 ms, and a
 * rebuild after every page read the whole growing department again each time (a first sync that
 * slowed down as it went, issue 24 item 4). A burst longer than 20 s still rebuilds, so a search
 * never lags a long walk by more than that.
 */
const maxBulkQuietMs = 5000;
const maxBulkDeferralMs = 20_000;

/** IndexedDB's order of the index [department+sortName] within one department. */
function compareEntries(a: Entry, b: Entry): number {
  if (a.sortKey !== b.sortKey) return a.sortKey < b.sortKey ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export class ProductSearchIndex {
  readonly db: AppDatabase;
  readonly dept: string;
  readonly fields: readonly SearchField[];

  private entries: Entry[] = [];
  /** 0 until the first build finished; then bumped by every build and patch. */
  private version = 0;
  private wanted = false;
  private pendingAll = false;
  private readonly pendingKeys = new Set<string>();
  private running: Promise<void> | null = null;
  private rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the last bulk write was reported, and since when a rebuild has been waiting. */
  private lastBulkAt = 0;
  private deferredSince = 0;
  private readonly listeners = new Set<() => void>();
  /** The previous search, so a query that extends it filters only its matches. */
  private last: { needle: string; version: number; matches: Entry[] } | null = null;

  constructor(dept: string, fields: readonly SearchField[], db: AppDatabase = defaultDb) {
    this.dept = dept;
    this.fields = fields;
    this.db = db;
    Dexie.on.storagemutated.subscribe(this.onMutated);
  }

  /** Starts the first build (idempotent). Readiness is announced to `subscribe` listeners. */
  ensureBuilt(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.pendingAll = true;
    this.kick();
  }

  /** Bumped whenever the index changes; 0 means not built yet. For useSyncExternalStore. */
  getVersion = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get ready(): boolean {
    return this.version > 0;
  }

  /**
   * Built and with no change waiting to be applied: it then answers even the empty query (the
   * whole department in list order) as the mirror would. During a burst of bulk writes (a first
   * sync) its rebuild waits for the burst to end, so it is not current then.
   */
  get current(): boolean {
    return (
      this.ready &&
      !this.running &&
      this.rebuildTimer === undefined &&
      !this.pendingAll &&
      this.pendingKeys.size === 0
    );
  }

  /** Products in the index (the department's size once built). */
  get size(): number {
    return this.entries.length;
  }

  /** Resolves once no build or patch is running or queued (tests, benchmarks). */
  async whenIdle(): Promise<void> {
    while (this.running || this.rebuildTimer !== undefined) {
      await (this.running ?? new Promise((resolve) => setTimeout(resolve, bulkRebuildDelayMs)));
    }
  }

  /** Ids of the products matching `query`, in list order; every product for an empty query. */
  search(query: string): string[] {
    const needle = normalizeQuery(query);
    if (needle === '') return this.entries.map((entry) => entry.id);
    const last = this.last;
    const base =
      last && last.version === this.version && needle.includes(last.needle)
        ? last.matches
        : this.entries;
    const matches = base.filter((entry) => entry.text.some((text) => text.includes(needle)));
    this.last = { needle, version: this.version, matches };
    return matches.map((entry) => entry.id);
  }

  /** Stops following changes (tests; the app keeps its indexes for the page's lifetime). */
  dispose(): void {
    Dexie.on.storagemutated.unsubscribe(this.onMutated);
    this.listeners.clear();
    this.wanted = false;
    this.pendingAll = false;
    this.pendingKeys.clear();
    clearTimeout(this.rebuildTimer);
    this.rebuildTimer = undefined;
  }

  private readonly onMutated = (parts: ObservabilitySet): void => {
    if (!this.wanted) return;
    const changed = changedProductKeys(parts, this.db.name);
    if (changed.kind === 'none') return;
    if (changed.kind === 'all' && this.ready) {
      this.deferRebuild();
      return;
    }
    if (changed.kind === 'all') this.pendingAll = true;
    else for (const key of changed.keys) this.pendingKeys.add(key);
    this.kick();
  };

  /** One rebuild once bulk writes pause: at least 250 ms, twice the last gap, at most 20 s late. */
  private deferRebuild(): void {
    const now = Date.now();
    // A gap longer than the longest wait is not part of this burst (the previous sync, say).
    const since = now - this.lastBulkAt;
    const gap = this.lastBulkAt > 0 && since < maxBulkQuietMs ? since : 0;
    this.lastBulkAt = now;
    this.pendingAll = true;
    if (this.rebuildTimer === undefined) this.deferredSince = now;
    clearTimeout(this.rebuildTimer);
    const quiet = Math.min(Math.max(bulkRebuildDelayMs, 2 * gap), maxBulkQuietMs);
    const wait = Math.min(quiet, Math.max(0, this.deferredSince + maxBulkDeferralMs - now));
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = undefined;
      this.kick();
    }, wait);
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.work().finally(() => {
      this.running = null;
      // A failed step leaves its work queued; the next change or ensureBuilt retries it.
    });
  }

  private async work(): Promise<void> {
    try {
      while (this.wanted && (this.pendingAll || this.pendingKeys.size > 0)) {
        if (this.pendingAll) {
          this.pendingAll = false;
          this.pendingKeys.clear();
          await this.build();
        } else {
          const keys = [...this.pendingKeys];
          this.pendingKeys.clear();
          await this.patch(keys);
        }
      }
    } catch (error) {
      // The database may be closing (sign-out); rebuild from scratch when asked again.
      this.wanted = false;
      this.pendingAll = false;
      this.pendingKeys.clear();
      console.error('Product search index:', error);
    }
  }

  private toEntry(row: ProductRecord): Entry {
    return {
      id: row._id,
      sortKey: row.sortName ?? naturalSortKey(row.name),
      text: this.fields.map((field) => (row[field] ?? '').toLocaleLowerCase()),
    };
  }

  private belongs(row: ProductRecord | undefined): row is ProductRecord {
    // Only rows the [department+sortName] index holds (a row without a string name has no key).
    return row !== undefined && row.department === this.dept && typeof row.name === 'string';
  }

  private async build(): Promise<void> {
    const rows = await listProducts(this.dept, this.db);
    if (!this.wanted) return;
    this.entries = rows.map((row) => this.toEntry(row));
    this.changed();
  }

  private async patch(keys: string[]): Promise<void> {
    const rows = await this.db.products.bulkGet(keys);
    if (!this.wanted) return;
    const touched = new Set(keys);
    const removed = new Map<string, Entry>();
    const kept = this.entries.filter((entry) => {
      if (!touched.has(entry.id)) return true;
      removed.set(entry.id, entry);
      return false;
    });
    const added = rows.filter((row) => this.belongs(row)).map((row) => this.toEntry(row));
    // Stock and price changes (orders, pulls) leave names and texts alone: nothing to do.
    const same = (entry: Entry) => {
      const old = removed.get(entry.id);
      return (
        old !== undefined &&
        old.sortKey === entry.sortKey &&
        old.text.every((text, position) => text === entry.text[position])
      );
    };
    if (added.length === removed.size && added.every(same)) return;
    for (const entry of added) {
      // First position whose entry sorts after the new one (binary search; `kept` is sorted).
      let low = 0;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compareEntries(kept[middle] as Entry, entry) <= 0) low = middle + 1;
        else high = middle;
      }
      kept.splice(low, 0, entry);
    }
    this.entries = kept;
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    this.last = null;
    for (const listener of this.listeners) listener();
  }
}

const indexes = new WeakMap<AppDatabase, Map<string, ProductSearchIndex>>();

/** The one search index per database and department (it outlives the page, so returning is instant). */
export function productSearchIndex(
  dept: string,
  fields: readonly SearchField[],
  db: AppDatabase = defaultDb,
): ProductSearchIndex {
  let byDept = indexes.get(db);
  if (!byDept) {
    byDept = new Map();
    indexes.set(db, byDept);
  }
  const key = `${dept}:${fields.join(',')}`;
  let index = byDept.get(key);
  if (!index) {
    index = new ProductSearchIndex(dept, fields, db);
    byDept.set(key, index);
  }
  return index;
}
