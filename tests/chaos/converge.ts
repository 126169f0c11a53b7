import { checkMirrors } from './check-stock.ts';
import type { MirrorSnapshot, OutboxSnapshotEntry, Violation } from './history.ts';
import { readServerState } from './read-server.ts';
import type { Tablet } from './tablet.ts';

/**
 * After healing: polls every tablet until its outbox holds nothing pending or sending and its
 * mirror equals the server's department, and measures how long that took. Nobody touches the
 * screens for the first minute, except to sign in again when the session expired; a tablet still behind then is reloaded once (as a clerk
 * reopening the app would), and that is printed, since it means the app did not recover alone.
 */
export interface Convergence {
  ms: number | null;
  outboxes: Map<string, OutboxSnapshotEntry[]>;
  mirrors: MirrorSnapshot[];
}

const limitMs = 180_000;
const reloadAfterMs = 60_000;

export async function waitForConvergence(
  tablets: Tablet[],
  dataDir: string,
  log: (line: string) => void,
): Promise<Convergence> {
  const healedAt = Date.now();
  let reloaded = false;
  const outboxes = new Map<string, OutboxSnapshotEntry[]>();
  let mirrors: MirrorSnapshot[] = [];
  let behind: string[] = [];
  while (Date.now() - healedAt < limitMs) {
    behind = [];
    mirrors = [];
    const server = readServerState(dataDir);
    for (const tablet of tablets) {
      try {
        // Tokens live two minutes: a clerk whose session ended signs in again (the one thing
        // done on the screens while converging), or the queue would wait for ever.
        await tablet.signInAgainIfNeeded();
        const outbox = await tablet.outbox();
        outboxes.set(tablet.spec.name, outbox);
        const waiting = outbox.filter(
          (entry) => entry.status === 'pending' || entry.status === 'sending',
        );
        const mirror = await tablet.mirror();
        mirrors.push(mirror);
        const violations: Violation[] = [];
        checkMirrors({ server, mirrors: [mirror] }, violations);
        if (waiting.length > 0 || violations.length > 0) {
          behind.push(
            `${tablet.spec.name} (${waiting.length} waiting, ${violations.length} differences)`,
          );
        }
      } catch (error) {
        behind.push(`${tablet.spec.name} (unreadable: ${String(error).split('\n')[0]})`);
      }
    }
    if (behind.length === 0) {
      return { ms: Date.now() - healedAt, outboxes, mirrors };
    }
    if (!reloaded && Date.now() - healedAt > reloadAfterMs) {
      reloaded = true;
      log(`  still behind after ${reloadAfterMs / 1000} s, reloading: ${behind.join(', ')}`);
      for (const tablet of tablets) await tablet.reload().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  log(`  not converged after ${limitMs / 1000} s: ${behind.join(', ')}`);
  return { ms: null, outboxes, mirrors };
}
