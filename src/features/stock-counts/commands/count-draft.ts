import { countedQuantitySchema, stockCountMessages } from '../../../../domain/stock-counts.ts';
import { db as defaultDb, type AppDatabase } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { serverNowMs } from '../../../sync/server-clock.ts';

/**
 * The counting in progress on this device (a blind count's draft; decision 0020): each entered
 * quantity is written to IndexedDB at once, so a reload, a closed tab or a flat battery resumes
 * the count where it stopped. Nothing here is queued: the submission sends the draft.
 */
export async function recordCounted(
  countId: string,
  productId: string,
  value: unknown,
  deps: { db?: AppDatabase; now?: () => number } = {},
): Promise<number> {
  const db = deps.db ?? defaultDb;
  // countedAt is on the server's clock: the server compares it with its own stamps to tell which
  // sales came before the count (a device clock days off would count them wrongly).
  const now = deps.now ?? serverNowMs;
  const parsed = countedQuantitySchema.safeParse(value);
  if (!parsed.success) {
    throw new CommandError(
      'invalid',
      parsed.error.issues[0]?.message ?? stockCountMessages.countedInvalid,
    );
  }
  const stamp = new Date(now()).toISOString();
  await db.transaction('rw', db.countDrafts, async () => {
    const draft = (await db.countDrafts.get(countId)) ?? { countId, counted: {}, updatedAt: stamp };
    draft.counted[productId] = { counted: parsed.data, countedAt: stamp };
    draft.updatedAt = stamp;
    await db.countDrafts.put(draft);
  });
  return parsed.data;
}

/** Takes a line back to 'not counted' (its field was cleared). */
export async function forgetCounted(
  countId: string,
  productId: string,
  deps: { db?: AppDatabase; now?: () => number } = {},
): Promise<void> {
  const db = deps.db ?? defaultDb;
  const now = deps.now ?? serverNowMs;
  await db.transaction('rw', db.countDrafts, async () => {
    const draft = await db.countDrafts.get(countId);
    if (!draft || !(productId in draft.counted)) return;
    draft.counted = Object.fromEntries(
      Object.entries(draft.counted).filter(([id]) => id !== productId),
    );
    draft.updatedAt = new Date(now()).toISOString();
    await db.countDrafts.put(draft);
  });
}
