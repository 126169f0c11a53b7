import type { AppDatabase, SessionRecord } from '../db/database.ts';
import { authPauseKey } from './sync-state-keys.ts';

/**
 * The signed-in session as the sync engine sees it. The token is read from Dexie at send time
 * (window and service worker alike) and never copied into an outbox entry.
 *
 * The auth pause (rule 3) is a syncState record tied to the session it was raised for: signing in
 * again writes a new session (new expiry), which lifts the pause without anyone clearing it.
 */

export async function currentSession(db: AppDatabase): Promise<SessionRecord | undefined> {
  return db.session.get('current');
}

function fingerprint(session: SessionRecord): string {
  return `${session.user._id}:${session.expiresAt}`;
}

export async function markAuthPaused(
  db: AppDatabase,
  session: SessionRecord | undefined,
  now: number,
): Promise<void> {
  await db.syncState.put({
    key: authPauseKey,
    cursor: session ? fingerprint(session) : null,
    lastSyncedAt: now,
  });
}

export async function clearAuthPause(db: AppDatabase): Promise<void> {
  await db.syncState.delete(authPauseKey);
}

/**
 * True when the queue is paused for this session (or there is no session at all). Only the
 * server's 401 pauses it: the token's expiry is not compared with this device's clock, which may
 * be days off (decision 0026). An expired token is sent, refused with 401, and the pause follows.
 */
export async function isAuthPaused(
  db: AppDatabase,
  session: SessionRecord | undefined,
): Promise<boolean> {
  if (!session) return true;
  const pause = await db.syncState.get(authPauseKey);
  if (!pause) return false;
  if (pause.cursor === fingerprint(session)) return true;
  // A new sign-in since the pause: resume.
  await clearAuthPause(db);
  return false;
}
