import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppDatabase } from '../db/database.ts';
import { outboxMessages } from '../../domain/outbox.ts';
import { CommandError } from './command-error.ts';
import {
  registerMirrorList,
  registerWrite,
  setOfflineEntitiesLoader,
  unregisterForTests,
  writeDefinition,
} from './registry.ts';
import { runCommand, type CommandDeps } from './run-command.ts';
import { signIn } from '../../tests/support/sync.ts';

/**
 * The one command runner, proved with a made-up 'tally' entity the sync engine has never heard
 * of: a counter per id, and a 'tally.add' write that raises it.
 */
const tallyInput = z.object({ tallyId: z.string(), by: z.number() });

declare module './registry.ts' {
  interface OutboxInputs {
    'tally.add': z.infer<typeof tallyInput>;
  }
}

interface TallyRecord {
  _id: string;
  department: string;
  count: number;
  pendingOutboxId?: string | null;
}

class DatabaseWithTallies extends AppDatabase {
  constructor(name: string) {
    super(name);
    this.version(91).stores({ tallies: '_id, department' });
  }
}

function declareTallies(): void {
  registerMirrorList({
    table: 'tallies',
    scope: 'department',
    departments: ['stationery'],
    path: (department) => `${department}/tallies`,
    pageSize: 10,
    toRecord: () => undefined,
  });
  registerWrite({
    kind: 'tally.add',
    input: tallyInput,
    method: 'POST',
    path: ({ tallyId }, department) => `${department}/tallies/${tallyId}`,
    retry: () => Promise.resolve(),
  });
}

let db: DatabaseWithTallies;
let uuids = 0;
const serverClock = Date.UTC(2026, 10, 28, 10);
const deps = (): CommandDeps & { db: DatabaseWithTallies } => ({
  db,
  now: () => serverClock,
  uuid: () => `uuid-${++uuids}`,
});

/** The made-up feature's command: the tally rises at once, and its entry is queued. */
function addToTally(tallyId: string, by: number, options: CommandDeps = deps()) {
  return runCommand(
    {
      department: 'stationery',
      tables: (database) => [database.table('tallies')],
      apply: async ({ db: database, now, uuid }) => {
        if (by < 1) throw new CommandError('invalid', 'Add at least one');
        const entryId = uuid();
        const table = database.table<TallyRecord, string>('tallies');
        const before = (await table.get(tallyId))?.count ?? 0;
        await table.put({
          _id: tallyId,
          department: 'stationery',
          count: before + by,
          pendingOutboxId: `${entryId}@${new Date(now()).toISOString()}`,
        });
        return {
          id: entryId,
          kind: 'tally.add',
          input: { tallyId, by },
          body: { by },
          entityId: tallyId,
          touches: [tallyId],
          rollback: [{ op: 'increment', table: 'tallies', key: tallyId, field: 'count', by: -by }],
        };
      },
    },
    options,
  );
}

beforeEach(async () => {
  uuids = 0;
  declareTallies();
  db = new DatabaseWithTallies(`run-command-${crypto.randomUUID()}`);
  await signIn(db);
});

afterEach(async () => {
  unregisterForTests({ table: 'tallies', kind: 'tally.add' });
  setOfflineEntitiesLoader(() => Promise.resolve(undefined));
  db.close();
  await db.delete();
});

describe('runCommand', () => {
  it('writes the optimistic change and queues its entry as the signed-in user, in the department', async () => {
    const result = await addToTally('t-1', 3);
    expect(result).toEqual({ id: 't-1', entryId: 'uuid-1' });
    const row = await db.table<TallyRecord, string>('tallies').get('t-1');
    // The mirror row is stamped on the server's clock given as `now`.
    expect(row).toMatchObject({ count: 3, pendingOutboxId: 'uuid-1@2026-11-28T10:00:00.000Z' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      id: 'uuid-1',
      userId: 'user-alice',
      department: 'stationery',
      kind: 'tally.add',
      method: 'POST',
      path: 'stationery/tallies/t-1',
      body: { by: 3 },
      status: 'pending',
      entityId: 't-1',
      dependsOn: [],
    });
  });

  it('links a second change of the same record to the first entry', async () => {
    await addToTally('t-1', 1);
    const second = await addToTally('t-1', 2);
    const entry = await db.outbox.get(second.entryId);
    expect(entry?.dependsOn).toEqual(['uuid-1']);
    expect((await db.table<TallyRecord, string>('tallies').get('t-1'))?.count).toBe(3);
  });

  it('refuses with signedOut and writes nothing when nobody is signed in', async () => {
    await db.session.clear();
    const refusal = addToTally('t-1', 3);
    await expect(refusal).rejects.toBeInstanceOf(CommandError);
    await expect(refusal).rejects.toMatchObject({
      code: 'signedOut',
      message: outboxMessages.notSignedIn,
    });
    expect(await db.table('tallies').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('rolls the optimistic change back when the command refuses after writing', async () => {
    await addToTally('t-1', 2);
    const failing = runCommand(
      {
        department: 'stationery',
        tables: (database) => [database.table('tallies')],
        apply: async ({ db: database }) => {
          await database.table('tallies').update('t-1', { count: 99 });
          throw new CommandError('invalid', 'Changed my mind');
        },
      },
      deps(),
    );
    await expect(failing).rejects.toMatchObject({ code: 'invalid', message: 'Changed my mind' });
    expect((await db.table<TallyRecord, string>('tallies').get('t-1'))?.count).toBe(2);
    expect(await db.outbox.count()).toBe(1);
  });

  it('waits for the offline entities to be declared before it queues (a command in the first second)', async () => {
    const declaration = writeDefinition('tally.add');
    unregisterForTests({ kind: 'tally.add' });
    setOfflineEntitiesLoader(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [{ writes: declaration ? [declaration] : [] }];
    });
    const result = await addToTally('t-2', 1);
    expect((await db.outbox.get(result.entryId))?.path).toBe('stationery/tallies/t-2');
  });
});
