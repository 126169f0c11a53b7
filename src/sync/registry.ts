import type { Audience } from '../../domain/permissions.ts';
import type { z } from 'zod';
import type { RefusalDetails } from '../../domain/outbox.ts';
import type { AppDatabase, OutboxEntry } from '../db/database.ts';
import type { MirrorRetention } from './retention-rule.ts';

/**
 * The registry of offline entities (decision 0007). Each feature declares, once, the lists it
 * mirrors into Dexie and the writes it queues in the outbox; the outbox, flusher, pull, sync
 * status and the service worker read this registry and know no entity by name.
 *
 * A feature exports its declarations as data (`OfflineEntities`, e.g. from
 * src/features/orders/data/offline-entities.ts); src/app/offline-entities.ts lists every feature's
 * in one array, which the window (through `setOfflineEntitiesLoader`) and the service worker hand
 * to `registerOfflineEntities`. Nothing registers by being imported. Adding an entity touches
 * domain/, its feature folder, its server module, a new Dexie schema version and that one list;
 * never this folder.
 *
 * Write kinds are typed by declaration merging: a feature adds `'printing.create': PrintingInput`
 * to `OutboxInputs` (see the orders feature's module), so `TypedOutboxEntry` is a union keyed on kind and
 * a retry receives its input already parsed by the kind's domain schema, with no casts.
 */

/** Features add `kind: input type` pairs here with `declare module`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface OutboxInputs {}

export type OutboxKindName = keyof OutboxInputs & string;

/** A stored entry of one kind, its input typed by the kind's schema. */
export type OutboxEntryOf<K extends OutboxKindName> = Omit<OutboxEntry, 'kind' | 'input'> & {
  kind: K;
  input: OutboxInputs[K];
};

/** Any queued write, as a union keyed on `kind`. */
export type TypedOutboxEntry = { [K in OutboxKindName]: OutboxEntryOf<K> }[OutboxKindName];

/** Whose rows a mirrored list holds, and so which key its sync cursor and path are per. */
export type MirrorScope = 'department' | 'user' | 'global';

/** A record in a mirror table: keyed by `_id`. */
export interface MirrorRow {
  _id: string;
}

export interface MirrorListDefinition {
  /** The Dexie table (declared in src/db/database.ts) and the list's name in cursors. */
  table: string;
  scope: MirrorScope;
  /** Department scope: the departments that have this list. */
  departments?: readonly string[];
  /** API path of the list for one scope key (department id, user id, or 'all'), under /api/v1. */
  path(scopeKey: string): string;
  /** Rows per page of a pull (the server caps it). */
  pageSize: number;
  /**
   * The Dexie index holding the scope key of each row ('department', 'userId'), or a compound
   * index that starts with it ('[department+sortName]'), used to find local rows a full
   * (non-incremental) answer no longer lists. None: such rows are kept.
   */
  scopeIndex?: string;
  /** The server's row as a mirror record for `scopeKey`, or undefined to skip a malformed row. */
  toRecord(raw: unknown, scopeKey: string): MirrorRow | undefined;
  /**
   * Field of a mirror row that names the outbox entry still changing it (e.g. an order placed
   * offline shows 'waiting'); cleared when that entry is accepted.
   */
  pendingField?: string;
  /**
   * Who may read the list (domain/permissions.ts Audience; default 'staff', every member of the
   * department): a 'manager' list is read by admins and the department's manager only (the server
   * answers others 403), so anyone else's pull of the department skips it instead of failing.
   */
  readers?: Audience;
  /** Keep only a window of recent rows (requires `scopeIndex`); none: every row is kept. */
  retention?: MirrorRetention;
}

/** Where a queued write goes. The body comes from the command (it depends on the mirror's state then). */
export interface WriteTarget {
  method: OutboxEntry['method'];
  path: string;
}

/** What the user changed before pressing Retry on a failed write (each kind parses its own). */
export type RetryEdits = Readonly<Record<string, unknown>>;

export interface WriteContext {
  db: AppDatabase;
  now: () => number;
  uuid: () => string;
}

export interface WriteDefinition<K extends OutboxKindName = OutboxKindName> {
  kind: K;
  /** The domain schema of the entry's `input`: a stored entry is parsed with it before a retry. */
  input: z.ZodType<OutboxInputs[K]>;
  method: OutboxEntry['method'];
  /** The API path (under /api/v1) for `input` in `department`. */
  path(input: OutboxInputs[K], department: string): string;
  /**
   * How a successful answer updates the mirror: the record at `pick` in the answer (or the answer
   * itself) replaces the entry's entity in `table`. None: the pull brings the truth.
   */
  reconcile?: { table: string; pick?: string };
  /**
   * Re-runs the command for a failed entry, with the user's edits: it re-applies the optimistic
   * change (and the local checks) and queues a new entry under a new Idempotency-Key. Runs inside
   * a transaction over every registered table.
   */
  retry(failed: OutboxEntryOf<K>, edits: RetryEdits, context: WriteContext): Promise<unknown>;
  /**
   * The quantity the user may change before Retry, and the key `retry` reads it from in the edits
   * (e.g. an order refused for stock taken meanwhile is retried for what is left). None: Retry
   * sends the write again as it was; other changes are made on the feature's own screens.
   * `refusal` is what the server said: a write of several lines (a sale) offers the quantity of
   * the line it refused.
   */
  editableQuantity?(
    input: OutboxInputs[K],
    refusal: RefusalDetails,
  ): { field: string; value: number } | undefined;
}

type AnyWriteDefinition = { [K in OutboxKindName]: WriteDefinition<K> }[OutboxKindName];

const lists = new Map<string, MirrorListDefinition>();
// Keyed by kind; `registerWrite` stores each definition under its own kind, which is what makes
// the casts in `definitionOf` sound.
const writes = new Map<string, AnyWriteDefinition>();

function definitionOf<K extends OutboxKindName>(kind: K): WriteDefinition<K> | undefined {
  return writes.get(kind) as WriteDefinition<K> | undefined;
}

/** Where a write of `kind` goes for `input`; throws for a kind nobody registered (a programming error). */
export function targetOf<K extends OutboxKindName>(
  kind: K,
  input: OutboxInputs[K],
  department: string,
): WriteTarget {
  const definition = definitionOf(kind);
  if (!definition) throw new Error(`No write is registered for kind ${kind}`);
  return { method: definition.method, path: definition.path(input, department) };
}

/**
 * A feature's offline entities, as plain data: the lists it mirrors and the writes it queues.
 * Each write is written with `declareWrite`, which types it by its kind.
 */
export interface OfflineEntities {
  lists?: readonly MirrorListDefinition[];
  writes?: readonly WriteDeclaration[];
}

/** A write definition of some kind, as stored in a feature's `OfflineEntities`. */
export type WriteDeclaration = AnyWriteDefinition;

/** Types a write definition by its kind (`input`, `retry` and `path` see that kind's input). */
export function declareWrite<K extends OutboxKindName>(
  definition: WriteDefinition<K>,
): WriteDeclaration {
  return definition as unknown as WriteDeclaration;
}

/**
 * Declares every list and write of `entities`, in order (lists are pulled in the order they are
 * declared). Idempotent: declaring a table or kind again replaces it.
 */
export function registerOfflineEntities(entities: readonly OfflineEntities[]): void {
  for (const entity of entities) {
    for (const list of entity.lists ?? []) registerMirrorList(list);
    for (const write of entity.writes ?? []) writes.set(write.kind, write);
  }
  for (const listener of registrationListeners) listener();
}

const registrationListeners = new Set<() => void>();

/**
 * Calls `listener` after each `registerOfflineEntities`. What is derived from the declarations
 * (a refused entry's editable quantity in the sync status) is read again then: the entities
 * arrive after the first screen (decision 0028), after the status was first read.
 */
export function onOfflineEntitiesRegistered(listener: () => void): () => void {
  registrationListeners.add(listener);
  return () => registrationListeners.delete(listener);
}

// The app's offline entities are declared once their list (app/offline-entities.ts) has loaded,
// which happens after a tablet's first screen (decision 0028). Anything that needs the registry
// before then (a command or Retry made at once, a round started by an admin screen) waits for
// them here.
let entitiesLoader: (() => Promise<readonly OfflineEntities[] | undefined>) | null = null;
let entitiesLoaded: Promise<void> | null = null;

/**
 * Set once by the app (main.tsx): how to load the offline entities; what it resolves to is
 * declared with `registerOfflineEntities`.
 */
export function setOfflineEntitiesLoader(
  loader: () => Promise<readonly OfflineEntities[] | undefined>,
): void {
  entitiesLoader = loader;
  entitiesLoaded = null;
}

/** Resolves once every offline entity is declared; at once where no loader is set (tests). */
export function ensureOfflineEntities(): Promise<void> {
  if (!entitiesLoader) return Promise.resolve();
  entitiesLoaded ??= entitiesLoader().then(
    (entities) => {
      if (entities) registerOfflineEntities(entities);
    },
    (error: unknown) => {
      // A failed chunk load (an update replaced it) may be tried again by the next caller.
      entitiesLoaded = null;
      throw error;
    },
  );
  return entitiesLoaded;
}

/** Declares a mirrored list (idempotent: declaring the same table again replaces it). */
export function registerMirrorList(definition: MirrorListDefinition): void {
  lists.set(definition.table, definition);
}

/** Declares a queued write kind (idempotent). */
export function registerWrite<K extends OutboxKindName>(definition: WriteDefinition<K>): void {
  writes.set(definition.kind, definition as unknown as AnyWriteDefinition);
}

/** Every mirrored list, in the order they were declared (the order pulls run in). */
export function mirrorLists(): MirrorListDefinition[] {
  return [...lists.values()];
}

export function mirrorList(table: string): MirrorListDefinition | undefined {
  return lists.get(table);
}

export function writeDefinition(kind: string | undefined): AnyWriteDefinition | undefined {
  return kind === undefined ? undefined : writes.get(kind);
}

/** Names of every mirror table: the tables a rollback, reconcile or retry may touch. */
export function mirrorTableNames(): string[] {
  return [...lists.keys()];
}

/**
 * The tables of a transaction that may change any mirror and the outbox (plus the session, which
 * commands read), so a rollback or a retry sees one consistent state.
 */
export function writeTables(db: AppDatabase) {
  return [db.session, db.outbox, ...mirrorTableNames().map((name) => db.table(name))];
}

/** The entry with its input parsed by its kind's schema, or undefined when the kind is unknown or the input invalid. */
export function typedEntry(entry: OutboxEntry): TypedOutboxEntry | undefined {
  const definition = writeDefinition(entry.kind);
  if (!definition) return undefined;
  const parsed = definition.input.safeParse(entry.input);
  if (!parsed.success) return undefined;
  return { ...entry, kind: definition.kind, input: parsed.data } as TypedOutboxEntry;
}

/** The quantity a failed entry's Retry may change (see `WriteDefinition.editableQuantity`). */
export function editableQuantityOf(
  entry: OutboxEntry,
): { field: string; value: number } | undefined {
  const typed = typedEntry(entry);
  if (!typed) return undefined;
  const definition = definitionOf(typed.kind);
  return definition?.editableQuantity?.(typed.input, entry.refusal ?? {});
}

/** Runs the retry of the entry's own kind (see `WriteDefinition.retry`). */
export function retryWrite<K extends OutboxKindName>(
  entry: OutboxEntryOf<K>,
  edits: RetryEdits,
  context: WriteContext,
): Promise<unknown> {
  const definition = definitionOf(entry.kind);
  if (!definition) throw new Error(`No write is registered for kind ${entry.kind}`);
  return definition.retry(entry, edits, context);
}

/** Test support: forget a registration (a test that registers an entity of its own cleans up). */
export function unregisterForTests(names: { table?: string; kind?: string }): void {
  if (names.table) lists.delete(names.table);
  if (names.kind) writes.delete(names.kind);
}
