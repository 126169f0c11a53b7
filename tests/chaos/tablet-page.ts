import type { Page } from 'playwright-core';

/**
 * The page side of a chaos tablet: scripts run in every page before the app (a shifted clock,
 * the outbox watch) and reads of the app's IndexedDB without its Dexie.
 */
/** Replaces the page's Date by a subclass whose "now" is shifted, so Date.now() and new Date() agree. */
export function clockShiftScript(shiftMs: number): string {
  return `(() => {
    const RealDate = Date;
    const shift = ${shiftMs};
    class ShiftedDate extends RealDate {
      constructor(...args) { if (args.length === 0) super(RealDate.now() + shift); else super(...args); }
      static now() { return RealDate.now() + shift; }
    }
    globalThis.Date = ShiftedDate;
  })();`;
}

/** Records every new outbox entry the page writes (Dexie add/put on the 'outbox' store). */
export const outboxWatchScript = `(() => {
  const issued = [];
  window.__chaosIssued = issued;
  for (const method of ['add', 'put']) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (value, key) {
      if (this.name === 'outbox' && value && value.status === 'pending' && value.attempts === 0) {
        issued.push({ id: value.id, kind: value.kind, entityId: value.entityId, userId: value.userId, body: value.body, department: value.department });
      }
      return original.call(this, value, key);
    };
  }
})();`;

export interface IssuedEntry {
  id: string;
  kind?: string;
  entityId?: string;
  userId: string;
  body: {
    productId?: string;
    quantity?: number;
    price?: number;
    location?: string;
  } | null;
  department?: string;
}

/** Every row of some stores of the app's IndexedDB, read without the app's Dexie. */
export async function readStores(page: Page, stores: string[]): Promise<Record<string, unknown[]>> {
  return page.evaluate(async (names) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('tz-trading');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    try {
      const result: Record<string, unknown[]> = {};
      for (const name of names) {
        result[name] = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
      }
      return result;
    } finally {
      db.close();
    }
  }, stores);
}

/** The entries queued since the last call, taken from the page script's list. */
export function takeIssued(page: Page): Promise<IssuedEntry[]> {
  return page.evaluate(() => {
    const list = (window as unknown as { __chaosIssued?: IssuedEntry[] }).__chaosIssued ?? [];
    return list.splice(0, list.length);
  });
}
