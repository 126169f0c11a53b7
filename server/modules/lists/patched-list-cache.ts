import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  assembleBody,
  encodeSegment,
  withFittingPrefixes,
  type AssembledBody,
  type EncodedSegment,
} from './segmented-body.ts';
import { cursorOverlapMs } from './sync-cursor.ts';

/**
 * Whole-list bodies that a change of a few rows patches instead of rebuilding (decision 0034):
 * an order changes one product's stock and raises the products list's version; rebuilding
 * 10,000 rows (50,000: about a second of one thread) for each order made the plain GET slow and
 * blocked the event loop. A list opts in by reading its rows in an order whose key never changes
 * for a row (products: createdAt, id), page by page (ListSource.page in serve-list.ts).
 *
 * A body for version v is built
 * - in full, page by page (`pageRows` rows a query, cut into segments of `segmentRows` rows,
 *   each compressed in the thread pool, with a turn of the event loop between pages): no step
 *   holds the loop for long, however long the list;
 * - or from the previous body: the rows stamped since that body's reads began, less the cursor
 *   overlap (the same window and the same argument as the incremental pull, sync-cursor.ts: a
 *   change the previous body may lack was committed after its reads began, so it was stamped
 *   after startedAt − overlap), replace their rows; a tombstone removes its row; only the
 *   segments whose text changed are compressed again.
 * A row new to the list (created, or restored) needs its place in the order: that is a full
 * build, as is a window holding more than `maxPatchRows` rows (a bulk upload), and a body whose
 * last full build is older than `rebuildAfterMs` (so a write that broke the stamping rules, such
 * as a hand-made UPDATE that did not stamp updatedAt, is served stale for a bounded time only).
 *
 * Correct only if the version is read after `startedAt` is taken and before the rows
 * (serve-list.ts): then a body labelled v holds every change counted in v. As in list-cache.ts,
 * one entry per key; a request that read an older version than the entry's gets the entry; a
 * build for a newer version waits for the one before it and patches it, so builds of one list
 * never run side by side.
 */
export interface PatchableList<Row> {
  /** Live rows in list order after `after` (from the first when undefined), at most `limit`. */
  page: (after: Row | undefined, limit: number) => Promise<Row[]>;
  /** Live rows and tombstones stamped at or after `since` (ISO), at most `limit`. */
  changedSince: (since: string, limit: number) => Promise<Row[]>;
  id: (row: Row) => string;
  deleted: (row: Row) => boolean;
  /** The row's JSON text in the body. */
  text: (row: Row) => string;
}

export interface PatchedBody {
  version: number;
  body: AssembledBody;
}

export interface PatchedListCache {
  /** The body of `key` at `version` or newer; `startedAt` was taken before `version` was read. */
  get<Row>(
    key: string,
    version: number,
    startedAt: number,
    list: PatchableList<Row>,
  ): Promise<PatchedBody>;
}

export interface PatchedListCacheOptions {
  /** Rows compressed together: what one changed row costs to compress again (about 70 kB). */
  segmentRows?: number;
  /** Rows read by one query of a full build. */
  pageRows?: number;
  maxPatchRows?: number;
  rebuildAfterMs?: number;
  now?: () => number;
}

interface Snapshot extends PatchedBody {
  startedAt: number;
  /** startedAt of the full build this body descends from. */
  rebuiltAt: number;
  segments: readonly EncodedSegment[];
  /** Row id → segment number, from the full build (afterwards rows only leave segments). */
  segmentOf: ReadonlyMap<string, number>;
}

interface Entry {
  version: number;
  snapshot: Promise<Snapshot>;
}

export function createPatchedListCache(options: PatchedListCacheOptions = {}): PatchedListCache {
  const segmentRows = options.segmentRows ?? 200;
  const pageRows = options.pageRows ?? 1_000;
  const maxPatchRows = options.maxPatchRows ?? 2_000;
  const rebuildAfterMs = options.rebuildAfterMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  async function rebuild<Row>(
    version: number,
    startedAt: number,
    list: PatchableList<Row>,
  ): Promise<Snapshot> {
    const segments: EncodedSegment[] = [];
    const segmentOf = new Map<string, number>();
    let after: Row | undefined;
    for (;;) {
      const rows = await list.page(after, pageRows);
      const encoded: Promise<EncodedSegment>[] = [];
      for (let start = 0; start === 0 || start < rows.length; start += segmentRows) {
        const slice = rows.slice(start, start + segmentRows);
        const ids = slice.map(list.id);
        const number = segments.length + encoded.length;
        for (const id of ids) segmentOf.set(id, number);
        encoded.push(encodeSegment(ids, slice.map(list.text), number === 0 ? '[' : ','));
      }
      segments.push(...(await Promise.all(encoded)));
      if (rows.length < pageRows) break;
      after = rows.at(-1);
      // better-sqlite3 reads synchronously and an awaited query resolves as a microtask: without
      // this the whole walk could run before any waiting request got a turn.
      await nextTurn();
    }
    const fitted = await withFittingPrefixes(segments);
    return {
      version,
      startedAt,
      rebuiltAt: startedAt,
      segments: fitted,
      segmentOf,
      body: assembleBody(fitted),
    };
  }

  /** The base with the window's changes applied, or undefined when a full build is needed. */
  async function patch<Row>(
    base: Snapshot,
    version: number,
    startedAt: number,
    list: PatchableList<Row>,
  ): Promise<Snapshot | undefined> {
    if (now() - base.rebuiltAt > rebuildAfterMs) return undefined;
    const since = new Date(base.startedAt - cursorOverlapMs).toISOString();
    const changed = await list.changedSince(since, maxPatchRows + 1);
    if (changed.length > maxPatchRows) return undefined;
    // Segment number → (row id → its new text, or null when it leaves the list).
    const edits = new Map<number, Map<string, string | null>>();
    for (const row of changed) {
      const id = list.id(row);
      const number = base.segmentOf.get(id);
      const segment = number === undefined ? undefined : base.segments[number];
      const position = segment ? segment.ids.indexOf(id) : -1;
      let text: string | null;
      if (list.deleted(row)) {
        if (position < 0) continue;
        text = null;
      } else {
        // Not in the body: its place in the order is unknown here.
        if (position < 0 || !segment || number === undefined) return undefined;
        text = list.text(row);
        // The window repeats rows already applied: an unchanged text costs no compression.
        if (text === segment.texts[position]) continue;
      }
      const rowEdits = edits.get(number ?? -1) ?? new Map<string, string | null>();
      rowEdits.set(id, text);
      edits.set(number ?? -1, rowEdits);
    }
    if (edits.size === 0) return { ...base, version, startedAt };
    const segments = [...base.segments];
    await Promise.all(
      [...edits].map(async ([number, rowEdits]) => {
        const segment = base.segments[number];
        if (!segment) return;
        const ids: string[] = [];
        const texts: string[] = [];
        segment.ids.forEach((id, index) => {
          const edit = rowEdits.get(id);
          if (edit === null) return;
          ids.push(id);
          texts.push(edit ?? segment.texts[index] ?? '');
        });
        segments[number] = await encodeSegment(ids, texts, segment.prefix);
      }),
    );
    const fitted = await withFittingPrefixes(segments);
    return { ...base, version, startedAt, segments: fitted, body: assembleBody(fitted) };
  }

  async function build<Row>(
    previous: Promise<Snapshot> | undefined,
    version: number,
    startedAt: number,
    list: PatchableList<Row>,
  ): Promise<Snapshot> {
    const base = previous ? await previous.catch(() => undefined) : undefined;
    const patched = base ? await patch(base, version, startedAt, list) : undefined;
    return patched ?? rebuild(version, startedAt, list);
  }

  return {
    get(key, version, startedAt, list) {
      const current = entries.get(key);
      if (current && current.version >= version) return current.snapshot;
      const entry: Entry = {
        version,
        snapshot: build(current?.snapshot, version, startedAt, list),
      };
      entries.set(key, entry);
      entry.snapshot.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.snapshot;
    },
  };
}
