import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppDatabase } from '../db/database.ts';
import { flushOutbox } from './flusher.ts';
import { enqueue } from './outbox.ts';
import { pullScope } from './pull.ts';
import {
  mirrorList,
  registerMirrorList,
  registerWrite,
  typedEntry,
  unregisterForTests,
  writeTables,
  type OutboxEntryOf,
} from './registry.ts';
import { retryFailed } from './retry.ts';
import { departmentsForSession } from './run-sync.ts';
import { baseUrl, fakeFetch, json, signIn } from '../../tests/support/sync.ts';

/**
 * Proves the registry's point: an offline entity that src/sync has never heard of (a made-up
 * 'notes' list with a 'note.create' write, in a 'printing' department) is mirrored, queued,
 * sent, reconciled, rolled back and retried, with nothing in src/sync edited. A real feature
 * would do the same from its own folder plus a Dexie schema version.
 */
const noteInput = z.object({ noteId: z.string(), text: z.string() });

declare module './registry.ts' {
  interface OutboxInputs {
    'note.create': z.infer<typeof noteInput>;
  }
}

interface NoteRecord {
  _id: string;
  department: string;
  text: string;
  pendingOutboxId?: string | null;
}

class DatabaseWithNotes extends AppDatabase {
  constructor(name: string) {
    super(name);
    this.version(90).stores({ notes: '_id, department' });
  }
}

const noteWire = z.object({ _id: z.string(), text: z.string() });
const retried: string[] = [];

let db: DatabaseWithNotes;

beforeEach(async () => {
  registerMirrorList({
    table: 'notes',
    scope: 'department',
    departments: ['printing'],
    path: (department) => `${department}/notes`,
    pageSize: 2,
    scopeIndex: 'department',
    pendingField: 'pendingOutboxId',
    toRecord: (raw, department) => {
      const parsed = noteWire.safeParse(raw);
      return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
    },
  });
  registerWrite({
    kind: 'note.create',
    input: noteInput,
    method: 'POST',
    path: (_input, department) => `${department}/notes`,
    reconcile: { table: 'notes' },
    retry: async (entry: OutboxEntryOf<'note.create'>, edits) => {
      // Typed without a cast: the input was parsed by the kind's schema.
      const text = typeof edits.text === 'string' ? edits.text : entry.input.text;
      retried.push(text);
      return queueNote(entry.department ?? '', entry.input.noteId, text);
    },
  });
  db = new DatabaseWithNotes(`registry-${crypto.randomUUID()}`);
  await signIn(db, {
    _id: 'user-pat',
    email: 'pat@example.com',
    role: 'employee',
    category: 'printing',
  });
});

afterEach(async () => {
  unregisterForTests({ table: 'notes', kind: 'note.create' });
  db.close();
  await db.delete();
});

/** The feature's command: optimistic row and entry in one transaction. */
async function queueNote(department: string, noteId: string, text: string) {
  return db.transaction('rw', writeTables(db), async () => {
    const entryId = crypto.randomUUID();
    await db.table('notes').put({ _id: noteId, department, text, pendingOutboxId: entryId });
    await enqueue(db, {
      id: entryId,
      userId: 'user-pat',
      kind: 'note.create',
      input: { noteId, text },
      body: { _id: noteId, text },
      department,
      entityId: noteId,
      touches: [noteId],
      rollback: [{ op: 'delete', table: 'notes', key: noteId }],
    });
    return { id: noteId, entryId };
  });
}

describe('sync registry', () => {
  it('pulls a newly registered list page by page for the departments that have it', async () => {
    expect(mirrorList('notes')?.path('printing')).toBe('printing/notes');
    const session = await db.session.get('current');
    expect(departmentsForSession(session)).toContain('printing');

    const server = fakeFetch(({ search }) =>
      search.get('updatedSince') === '0'
        ? json(200, {
            items: [
              { _id: 'n1', text: 'A' },
              { _id: 'n2', text: 'B' },
            ],
            deleted: [],
            cursor: 'p1',
            more: true,
          })
        : json(200, {
            items: [{ _id: 'n3', text: 'C' }],
            deleted: ['n1'],
            cursor: 'c1',
            more: false,
          }),
    );
    const notes = mirrorList('notes');
    if (!notes) throw new Error('notes list not registered');
    const result = await pullScope('printing', [notes], {
      db,
      fetch: server.fetch,
      baseUrl,
    });
    // Two rows, then one row and one tombstone.
    expect(result).toEqual({ status: 'ok', notes: 4 });
    expect(server.requests.map((r) => [r.path, r.search.get('limit')])).toEqual([
      ['printing/notes', '2'],
      ['printing/notes', '2'],
    ]);
    expect((await db.table('notes').toArray()).map((n: NoteRecord) => n._id).sort()).toEqual([
      'n2',
      'n3',
    ]);
  });

  it('queues, sends and reconciles a write of a new kind, and rolls back and retries it', async () => {
    const first = await queueNote('printing', 'n-1', 'Business cards');
    const entry = await db.outbox.get(first.entryId);
    if (!entry) throw new Error('entry not queued');
    expect(entry).toMatchObject({ method: 'POST', path: 'printing/notes', kind: 'note.create' });
    expect(typedEntry(entry)?.input).toEqual({ noteId: 'n-1', text: 'Business cards' });

    // Rejected: the optimistic row is rolled back.
    let server = fakeFetch(() => json(400, { message: 'Text is too long' }));
    await flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null });
    expect(await db.table('notes').get('n-1')).toBeUndefined();
    expect(await db.outbox.get(first.entryId)).toMatchObject({
      status: 'failed',
      lastError: 'Text is too long',
    });

    // Retry after editing runs the kind's own retry, with its typed input.
    await retryFailed(first.entryId, { text: 'Cards' }, { db });
    expect(retried).toContain('Cards');
    expect(await db.table('notes').get('n-1')).toMatchObject({ text: 'Cards' });

    // Accepted: the server's record replaces the optimistic one.
    server = fakeFetch(({ body }) => json(201, { ...(body as object), text: 'Cards (server)' }));
    await flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.table('notes').get('n-1')).toEqual({
      _id: 'n-1',
      department: 'printing',
      text: 'Cards (server)',
      pendingOutboxId: null,
    });
  });
});

describe('offline entities declared on demand', () => {
  afterEach(async () => {
    const { setOfflineEntitiesLoader } = await import('./registry.ts');
    setOfflineEntitiesLoader(() => Promise.resolve(undefined));
  });

  it('loads the declarations once for every caller, and again after a failed load', async () => {
    const { ensureOfflineEntities, setOfflineEntitiesLoader } = await import('./registry.ts');
    let loads = 0;
    let fail = true;
    setOfflineEntitiesLoader(async () => {
      loads += 1;
      if (fail) throw new Error('chunk missing');
      return [];
    });
    await expect(ensureOfflineEntities()).rejects.toThrow('chunk missing');
    fail = false;
    await Promise.all([ensureOfflineEntities(), ensureOfflineEntities()]);
    await ensureOfflineEntities();
    expect(loads).toBe(2);
  });

  it('lets a Retry pressed before the declarations loaded run its kind’s command', async () => {
    const { setOfflineEntitiesLoader, writeDefinition } = await import('./registry.ts');
    const { entryId } = await queueNote('printing', 'note-early', 'first words');
    await db.outbox.update(entryId, { status: 'failed' });
    // The app has started, but its offline entities have not been declared yet.
    const declaration = writeDefinition('note.create');
    unregisterForTests({ kind: 'note.create' });
    setOfflineEntitiesLoader(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [{ writes: declaration ? [declaration] : [] }];
    });
    retried.length = 0;
    await retryFailed(entryId, { text: 'edited words' }, { db });
    // The kind's own retry ran, with the edit: not a re-queue of the entry as it was.
    expect(retried).toEqual(['edited words']);
  });
});
