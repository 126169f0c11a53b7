import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/fixtures/chromium.ts';
import type { MirrorSnapshot, OutboxSnapshotEntry, TabletOrderOp } from './history.ts';

/**
 * One tablet of a chaos run: Chromium with a persistent profile on disk (IndexedDB and the
 * service worker's caches survive reloads as on a real tablet), signed in as a staff user
 * through the proxy. Orders are placed through the real product page. What the app queued is
 * seen by an init script that watches the outbox's IndexedDB writes, so each issued order is
 * recorded with its idempotency key even when the flusher sends and deletes the entry at once.
 */
export interface TabletSpec {
  name: string;
  email: string;
  password: string;
  department: string;
  userId: string;
  /** Shift of the page's Date (ms): a tablet whose clock is wrong. */
  clockShiftMs: number;
}

export interface Tablet {
  spec: TabletSpec;
  page: Page;
  context: BrowserContext;
  /** What the screen queued (recorded even when it then failed) and whether it said so. */
  placeOrder(
    product: { _id: string; name: string },
    quantity: number,
  ): Promise<{ ops: TabletOrderOp[]; confirmed: boolean }>;
  setOffline(offline: boolean): Promise<void>;
  reload(): Promise<void>;
  outbox(): Promise<OutboxSnapshotEntry[]>;
  mirror(): Promise<MirrorSnapshot>;
  close(): Promise<void>;
}

/** Replaces the page's Date by a subclass whose "now" is shifted, so Date.now() and new Date() agree. */
function clockShiftScript(shiftMs: number): string {
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
const outboxWatchScript = `(() => {
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

interface IssuedEntry {
  id: string;
  kind?: string;
  entityId?: string;
  userId: string;
  body: { productId?: string; quantity?: number } | null;
  department?: string;
}

/** Every row of some stores of the app's IndexedDB, read without the app's Dexie. */
async function readStores(page: Page, stores: string[]): Promise<Record<string, unknown[]>> {
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

export async function openTablet(spec: TabletSpec, baseURL: string): Promise<Tablet> {
  const profileDir = mkdtempSync(path.join(tmpdir(), `chaos-${spec.name}-`));
  const executablePath = chromiumExecutable();
  const context = await chromium.launchPersistentContext(profileDir, {
    headless: true,
    baseURL,
    args: chromiumArgs,
    viewport: { width: 800, height: 1280 },
    ...(executablePath ? { executablePath } : {}),
  });
  if (spec.clockShiftMs !== 0)
    await context.addInitScript({ content: clockShiftScript(spec.clockShiftMs) });
  await context.addInitScript({ content: outboxWatchScript });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(spec.email);
  await page.getByLabel(/password/i).fill(spec.password);
  await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const takeIssued = async (): Promise<IssuedEntry[]> =>
    page.evaluate(() => {
      const list = (window as unknown as { __chaosIssued?: IssuedEntry[] }).__chaosIssued ?? [];
      return list.splice(0, list.length);
    });

  return {
    spec,
    page,
    context,
    async placeOrder(product, quantity) {
      const toOp = (entry: IssuedEntry): TabletOrderOp => ({
        tablet: spec.name,
        userId: entry.userId,
        department: entry.department ?? spec.department,
        orderId: entry.entityId ?? '',
        productId: entry.body?.productId ?? product._id,
        quantity: entry.body?.quantity ?? quantity,
      });
      let confirmed = true;
      try {
        await page.goto(`/${spec.department}/products/${product._id}`, { waitUntil: 'commit' });
        await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
        await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.getByText('Order placed successfully!').last().waitFor({ timeout: 15_000 });
      } catch {
        confirmed = false;
      }
      // Whatever the screen did, what it queued is recorded (a click may queue before failing).
      const issued = await takeIssued().catch(() => []);
      const ops = issued.filter((entry) => entry.kind === 'order.create').map(toOp);
      return { ops, confirmed };
    },
    setOffline: (offline) => context.setOffline(offline),
    async reload() {
      await page.reload({ waitUntil: 'commit' });
    },
    async outbox() {
      const { outbox = [] } = await readStores(page, ['outbox']);
      return (outbox as (OutboxSnapshotEntry & { userId: string })[]).map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        entityId: entry.entityId,
        status: entry.status,
        lastError: entry.lastError,
      }));
    },
    async mirror() {
      const { products = [], orders = [] } = await readStores(page, ['products', 'orders']);
      const mine = <T extends { department?: string }>(rows: T[]) =>
        rows.filter((row) => row.department === spec.department);
      type Row = { department?: string; deletedAt?: string | null };
      return {
        tablet: spec.name,
        department: spec.department,
        products: mine(products as (MirrorSnapshot['products'][number] & Row)[]).filter(
          (row) => !row.deletedAt,
        ),
        orders: mine(orders as (MirrorSnapshot['orders'][number] & Row)[]),
      };
    },
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
