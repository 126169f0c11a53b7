import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The checkpointer's thread (started by wal-checkpointer.ts): its own connection to the database
 * file, copying committed WAL frames into the database file every `intervalMs`. PASSIVE never
 * waits for the request thread's writers or readers; it copies what it can, and SQLite restarts
 * the WAL from its beginning at the next write once every frame has been copied.
 */
interface CheckpointerData {
  file: string;
  intervalMs: number;
}

const { file, intervalMs } = workerData as CheckpointerData;
const db = new Database(file, { timeout: 5000 });
// This connection never writes rows; it must not checkpoint on its own schedule either.
db.pragma('wal_autocheckpoint = 0');

function checkpoint(): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // A busy or failing checkpoint is retried at the next tick; the request thread's own
    // backstop (wal_autocheckpoint) still bounds the WAL.
    parentPort?.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
}

const timer = setInterval(checkpoint, intervalMs);
parentPort?.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.close();
});
