import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { parseInput } from '../../validation.ts';
import { acceptsGzip, encodeJson, type ListBody, type ListCache } from './list-cache.ts';
import {
  cursorMessages,
  ifNoneMatchMatches,
  listEtag,
  nextCursor,
  pageCursor,
  parseCursor,
  parseLimit,
  pullEtag,
  type ChangesPage,
} from './sync-cursor.ts';

/**
 * Reading a mirrored list (docs/offline-model.md, "Reads"; contract in domain/sync-page.ts), the
 * same for every list. The lists module owns no list: each module declares its own
 * (`declareList`) and serves it with `createListServer` (products, orders, printing orders,
 * movement logs, stock counts, settings).
 *
 * - plain GET: the whole array, from a body cached and gzipped once per list version
 *   (list-cache.ts), with a weak ETag; If-None-Match with the current one → 304. A list that
 *   reads its rows page by page in a fixed order (`ListSource.page`, products) has its body
 *   patched for the rows changed since the previous version instead (patched-list-cache.ts,
 *   decision 0034): an order does not rebuild 10,000 rows.
 * - `?updatedSince=`: one page of changes, or with `limit` a paged walk (sync-cursor.ts). The last
 *   page carries an ETag; If-None-Match with the current one → 304 without querying the rows.
 *
 * A mirrored list is a table with `department`, `id`, `updatedAt` and `deletedAt` (soft delete),
 * an index on (department, updatedAt, id), and list-version triggers
 * (server/db/migrations/list-version-triggers.ts) that raise its change version in every
 * transaction that writes its rows. Never TRUNCATE such a table: row triggers do not see it.
 */
type Db = Kysely<DatabaseSchema>;

/** What a pull needs of a row: its key (updatedAt, id) and whether it is a tombstone. */
export interface SyncRow {
  id: string;
  updatedAt: string;
  deletedAt: string | null;
}

/**
 * The tables a list can be served from: derived from the schema (a department, the sync key and a
 * soft delete), never listed by hand, so a new list needs no edit here.
 */
export type MirroredTable = {
  [Table in keyof DatabaseSchema]: Selectable<DatabaseSchema[Table]> extends SyncRow & {
    department: string;
  }
    ? Table
    : never;
}[keyof DatabaseSchema];

/**
 * A mirrored list, as the module that owns it declares it (`declareList('orders')` at the top of
 * its routes): the table is also the name of its list_versions counter (the triggers of
 * server/db/migrations/list-version-triggers.ts, which a new list's migration installs) and of
 * its ETags and cached bodies.
 */
export interface MirroredList<Table extends MirroredTable = MirroredTable> {
  readonly table: Table;
}

const declared = new Set<string>();

/** Declares the owning module's list; a second declaration of the same table is a mistake. */
export function declareList<Table extends MirroredTable>(table: Table): MirroredList<Table> {
  if (declared.has(table)) throw new Error(`The list ${table} is declared twice`);
  declared.add(table);
  return { table };
}

/**
 * Where a page of changes starts: rows stamped at or after `since` ('' = everything), or rows
 * strictly after a keyset position (updatedAt, id). Both order by (updatedAt, id), served by the
 * (department, updatedAt, id) index.
 */
export type ChangesFrom = { since: string } | { after: { updatedAt: string; id: string } };

/**
 * Only the rows created in [since, before) (ISO text; either bound may be absent): a tablet's
 * retention window or an older period read online (domain/created-range.ts, decision 0035).
 */
export interface CreatedRange {
  since?: string;
  before?: string;
}

/** How a list is read: its name, the whole array (plain GET) and the JSON of a row. */
export interface ListSource<Row extends SyncRow, Json> {
  list: MirroredList;
  all: () => Promise<Row[]>;
  /**
   * Optional: the live rows of `all`, in the same order, after `after` (from the first when
   * undefined), at most `limit`; the order's key must never change for a row. A list that gives
   * it has its cached body patched when a few rows change rather than rebuilt, and built page
   * by page (patched-list-cache.ts, decision 0034).
   */
  page?: (after: Row | undefined, limit: number) => Promise<Row[]>;
  changes: (from: ChangesFrom, limit: number | undefined) => Promise<Row[]>;
  toJson: (row: Row) => Json;
  /**
   * The creation range `changes` applies, if any: serve-list counts a page's `remaining` in it and
   * names it in the pull ETag, so an ETag of one range never answers a pull of another.
   */
  range?: CreatedRange;
}

/**
 * The list's change version (0 before its first change). Read it BEFORE the rows it describes:
 * every transaction counted up to the value read has committed, so a later read of the rows
 * holds all of its changes (migration 0004-list-versions).
 */
export async function listVersion(db: Db, department: string, list: MirroredList): Promise<number> {
  // On PostgreSQL a version is the sum of its shards' counters (migration 0018), read in one
  // statement so that it counts exactly the commits of one snapshot.
  const row = await db
    .selectFrom('list_versions')
    .select((eb) => eb.fn.sum<string | number | null>('version').as('version'))
    .where('department', '=', department)
    .where('list', '=', list.table)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Live rows and tombstones of the department's list from `from` on, at most `limit` when given,
 * created in `range` when given (a tombstone too: a row outside the range was never sent).
 */
export async function listChanges<Table extends MirroredTable>(
  db: Db,
  list: MirroredList<Table>,
  department: string,
  from: ChangesFrom,
  limit?: number,
  range: CreatedRange = {},
): Promise<Selectable<DatabaseSchema[Table]>[]> {
  const rows = await db
    .selectFrom(list.table as MirroredTable)
    .selectAll()
    .where('department', '=', department)
    .where((eb) =>
      'after' in from
        ? eb(eb.refTuple('updatedAt', 'id'), '>', eb.tuple(from.after.updatedAt, from.after.id))
        : eb('updatedAt', '>=', from.since),
    )
    .$if(range.since !== undefined, (query) => query.where('createdAt', '>=', range.since ?? ''))
    .$if(range.before !== undefined, (query) => query.where('createdAt', '<', range.before ?? ''))
    .orderBy('updatedAt', 'asc')
    .orderBy('id', 'asc')
    .$if(limit !== undefined, (query) => query.limit(limit ?? 0))
    .execute();
  // The table is `list.table`, so its rows are that table's (the union type only lost the link).
  return rows as Selectable<DatabaseSchema[Table]>[];
}

/** How many rows of the list come after a keyset position (the `remaining` of a page). */
export async function countChangesAfter(
  db: Db,
  list: MirroredList,
  department: string,
  after: { updatedAt: string; id: string },
  range: CreatedRange = {},
): Promise<number> {
  const row = await db
    .selectFrom(list.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('department', '=', department)
    .where((eb) => eb(eb.refTuple('updatedAt', 'id'), '>', eb.tuple(after.updatedAt, after.id)))
    .$if(range.since !== undefined, (query) => query.where('createdAt', '>=', range.since ?? ''))
    .$if(range.before !== undefined, (query) => query.where('createdAt', '<', range.before ?? ''))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changed rows as the incremental pull wants them: live rows, and the ids of deleted ones. */
export function splitTombstones<Row extends { id: string; deletedAt: string | null }>(rows: Row[]) {
  return {
    items: rows.filter((row) => row.deletedAt === null),
    deleted: rows.filter((row) => row.deletedAt !== null).map((row) => row.id),
  };
}

/** A whole-list body as sent: gzip (in parts), or the text joined only for a client that wants it. */
interface WholeList {
  version: number;
  gzipParts: readonly Buffer[];
  gzipLength: number;
  identity: () => Buffer;
}

/**
 * What a pull ETag names besides the version: the cursor and, for a source read in a creation
 * range, that range. Without a range it is the cursor alone (the ETags of every other list are
 * unchanged).
 */
function etagCursor(cursor: string, range: CreatedRange | undefined): string {
  if (range === undefined) return cursor;
  return `${cursor.trim()}|${range.since ?? ''}|${range.before ?? ''}`;
}

const listQuery = z.object({
  updatedSince: z.string().max(512).optional(),
  limit: z.unknown().optional(),
});

export interface ListServerOptions {
  db: Db;
  department: string;
  /** Whole-list bodies, shared by the lists of one module registration. */
  listCache: ListCache;
}

/** Serves GET of a department's lists: `serveList(request, reply, source)` from a route. */
export function createListServer({ db, department, listCache }: ListServerOptions) {
  /** The whole array (plain GET): cached body, gzipped when the client accepts it. */
  async function sendWholeList<Row extends SyncRow, Json>(
    request: FastifyRequest,
    reply: FastifyReply,
    source: ListSource<Row, Json>,
  ): Promise<FastifyReply> {
    // Taken before the version is read: a patched body reads the rows stamped since then.
    const startedAt = Date.now();
    const version = await listVersion(db, department, source.list);
    reply.header('vary', 'accept-encoding');
    const currentTag = listEtag(source.list.table, version);
    if (ifNoneMatchMatches(request.headers['if-none-match'], currentTag)) {
      return reply.code(304).header('etag', currentTag).send();
    }
    const key = `${department}/${source.list.table}`;
    const body = source.page
      ? await wholeListPatched(key, version, startedAt, source, source.page)
      : wholeListCached(
          await listCache.get(key, version, async () =>
            JSON.stringify((await source.all()).map(source.toJson)),
          ),
        );
    reply.header('etag', listEtag(source.list.table, body.version));
    reply.type('application/json; charset=utf-8');
    // Already compressed: @fastify/compress leaves a reply with a content-encoding alone.
    if (acceptsGzip(request.headers['accept-encoding'])) {
      const { gzipParts, gzipLength } = body;
      reply.header('content-encoding', 'gzip').header('content-length', gzipLength);
      // One part is sent as it is; several go out as a stream of the cached buffers, uncopied.
      return reply.send(gzipParts.length === 1 ? gzipParts[0] : Readable.from(gzipParts));
    }
    return reply.send(body.identity());
  }

  function wholeListCached(body: ListBody): WholeList {
    return {
      version: body.version,
      gzipParts: [body.gzip],
      gzipLength: body.gzip.length,
      identity: () => body.identity,
    };
  }

  /** The whole array of a list read page by page: a body patched per change (decision 0034). */
  async function wholeListPatched<Row extends SyncRow, Json>(
    key: string,
    version: number,
    startedAt: number,
    source: ListSource<Row, Json>,
    page: (after: Row | undefined, limit: number) => Promise<Row[]>,
  ): Promise<WholeList> {
    const patched = await listCache.patched.get(key, version, startedAt, {
      page,
      changedSince: (since, limit) => source.changes({ since }, limit),
      id: (row) => row.id,
      deleted: (row) => row.deletedAt !== null,
      text: (row) => JSON.stringify(source.toJson(row)),
    });
    return { version: patched.version, ...patched.body };
  }

  /** One page of changes since a cursor (sync-cursor.ts explains the cursors and the ETag). */
  async function sendChanges<Row extends SyncRow, Json>(
    request: FastifyRequest,
    reply: FastifyReply,
    source: ListSource<Row, Json>,
    cursorText: string,
    limit: number | undefined,
  ): Promise<FastifyReply> {
    const cursor = parseCursor(cursorText);
    reply.header('vary', 'accept-encoding');
    let walkStartedAt: number;
    let version: number;
    let from: ChangesFrom;
    if (cursor.kind === 'page') {
      // The walk goes on with the version read at its start; the rows move on from the key.
      ({ walkStartedAt, version } = cursor);
      from = { after: { updatedAt: cursor.updatedAt, id: cursor.id } };
    } else {
      // Taken before the version is read: whatever commits after that read was stamped after
      // walkStartedAt − overlap, which is where the next pull starts.
      walkStartedAt = Date.now();
      version = await listVersion(db, department, source.list);
      const currentTag = pullEtag(source.list.table, version, etagCursor(cursorText, source.range));
      if (ifNoneMatchMatches(request.headers['if-none-match'], currentTag)) {
        return reply.code(304).header('etag', currentTag).send();
      }
      from = { since: cursor.since };
    }
    // One row more than the page tells whether another page follows.
    const rows = await source.changes(from, limit === undefined ? undefined : limit + 1);
    // better-sqlite3 reads synchronously and an awaited query resolves as a microtask: without a
    // turn between them, a first sync's page (1,000 rows, then the count of the rest, then its
    // JSON: about 25 ms at 50,000 products) ran as one task while orders and reads waited.
    await nextTurn();
    const more = limit !== undefined && rows.length > limit;
    const pageRows = more ? rows.slice(0, limit) : rows;
    const { items, deleted } = splitTombstones(pageRows);
    const page: ChangesPage<Json> = {
      items: items.map(source.toJson),
      deleted,
      cursor: nextCursor(walkStartedAt),
      more,
    };
    const last = pageRows.at(-1);
    if (more && last) {
      page.cursor = pageCursor(walkStartedAt, version, last);
      page.remaining = await countChangesAfter(db, source.list, department, last, source.range);
      await nextTurn();
    } else {
      reply.header(
        'etag',
        pullEtag(source.list.table, version, etagCursor(page.cursor, source.range)),
      );
    }
    const { body, gzipped } = await encodeJson(
      JSON.stringify(page),
      request.headers['accept-encoding'],
    );
    reply.type('application/json; charset=utf-8');
    if (gzipped) reply.header('content-encoding', 'gzip');
    return reply.send(body);
  }

  return async function serveList<Row extends SyncRow, Json>(
    request: FastifyRequest,
    reply: FastifyReply,
    source: ListSource<Row, Json>,
  ): Promise<FastifyReply> {
    const query = parseInput(listQuery, request.query);
    if (query.limit !== undefined && typeof query.limit !== 'string') {
      throw httpError(400, cursorMessages.invalidLimit);
    }
    const limit = parseLimit(query.limit);
    if (query.updatedSince === undefined) {
      if (limit !== undefined) throw httpError(400, cursorMessages.limitWithoutCursor);
      return sendWholeList(request, reply, source);
    }
    return sendChanges(request, reply, source, query.updatedSince.trim(), limit);
  };
}
