import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/fixtures/chromium.ts';
import type {
  MirrorSnapshot,
  OutboxSnapshotEntry,
  TabletCountOp,
  TabletOrderOp,
  TabletPrintJobOp,
} from './history.ts';

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
  /** A print job through the /printing form (printing tablets). */
  submitPrintJob(job: PrintJobFields): Promise<{ ops: TabletPrintJobOp[]; confirmed: boolean }>;
  /**
   * A stock count through the counts screen (godown): start a count of a location (or join the
   * open one), and once the server has started it, type a count per line and submit. `counted`
   * turns the mirror's quantity of a product into what the clerk "finds".
   */
  countStock(
    pickLocation: (locations: string[]) => string,
    counted: (mirrorQuantity: number) => number,
  ): Promise<{ ops: TabletCountOp[]; confirmed: boolean; note: string }>;
  /**
   * Signs the user in again through the login screen when the session has ended (the token
   * expired: the app cleared it) or the queue is paused by a 401 ('Sign in again' in the sync
   * status panel). Which of the two it was, or null when nothing was needed.
   */
  signInAgainIfNeeded(): Promise<'login' | 'paused' | null>;
  /** Re-sign-ins by where they happened, and how many found writes still queued. */
  reSignIns: { login: number; paused: number; withQueued: number };
  setOffline(offline: boolean): Promise<void>;
  reload(): Promise<void>;
  outbox(): Promise<OutboxSnapshotEntry[]>;
  mirror(): Promise<MirrorSnapshot>;
  close(): Promise<void>;
}

export interface PrintJobFields {
  description: string;
  price: number;
  quantity: number;
  contact: string;
  category: string;
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
  body: {
    productId?: string;
    quantity?: number;
    price?: number;
    location?: string;
  } | null;
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
  const fillLogin = async () => {
    await page.getByLabel(/email/i).fill(spec.email);
    await page.getByLabel(/password/i).fill(spec.password);
    await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  };
  await page.goto('/login');
  await fillLogin();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const takeIssued = async (): Promise<IssuedEntry[]> =>
    page.evaluate(() => {
      const list = (window as unknown as { __chaosIssued?: IssuedEntry[] }).__chaosIssued ?? [];
      return list.splice(0, list.length);
    });

  let offline = false;
  const reSignIns = { login: 0, paused: 0, withQueued: 0 };
  /** Counts a re-sign-in that found work still waiting in the outbox (the case that matters). */
  const noteQueued = async () => {
    const { outbox = [] } = await readStores(page, ['outbox']);
    const waiting = (outbox as { status: string }[]).filter(
      (entry) => entry.status === 'pending' || entry.status === 'sending',
    );
    if (waiting.length > 0) reSignIns.withQueued += 1;
  };

  return {
    spec,
    page,
    context,
    reSignIns,
    async signInAgainIfNeeded() {
      if (offline) return null;
      if (new URL(page.url()).pathname === '/login') {
        await noteQueued();
        await fillLogin();
        reSignIns.login += 1;
        return 'login';
      }
      const { session = [], syncState = [] } = await readStores(page, ['session', 'syncState']);
      const current = (session as { id: string; user: { _id: string }; expiresAt: number }[]).find(
        (row) => row.id === 'current',
      );
      if (!current) {
        // The app ended the expired session itself: any screen of the user leads to the login.
        await noteQueued();
        await page.goto('/login', { waitUntil: 'commit' });
        await fillLogin();
        reSignIns.login += 1;
        return 'login';
      }
      const pause = (syncState as { key: string; cursor: string | null }[]).find(
        (row) => row.key === 'auth/paused',
      );
      if (pause?.cursor !== `${current.user._id}:${current.expiresAt}`) return null;
      // The queue is paused by a 401: 'Sign in again' in the sync status panel, as a clerk would.
      await noteQueued();
      await page.getByRole('button', { name: /^Sync status:/ }).click();
      await page.getByRole('button', { name: 'Sign in again' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await fillLogin();
      reSignIns.paused += 1;
      return 'paused';
    },
    async submitPrintJob(job) {
      let confirmed = true;
      try {
        if (new URL(page.url()).pathname !== '/printing') {
          await page.goto('/printing', { waitUntil: 'commit' });
        }
        await page.getByRole('heading', { name: 'Submit Print Work', level: 1 }).waitFor();
        await page.getByLabel('Description').fill(job.description);
        await page.getByLabel('Price per item (Tsh)').fill(String(job.price));
        await page.getByLabel('Quantity').fill(String(job.quantity));
        await page.getByLabel('Contact').fill(job.contact);
        await page.getByLabel('Category').selectOption(job.category);
        await page.getByRole('button', { name: 'Submit Order' }).click();
        await page
          .getByRole('alertdialog', { name: 'Order Submitted Successfully!' })
          .waitFor({ timeout: 15_000 });
      } catch {
        confirmed = false;
      }
      const issued = await takeIssued().catch(() => []);
      const ops = issued
        .filter((entry) => entry.kind === 'printing.create')
        .map((entry): TabletPrintJobOp => ({
          tablet: spec.name,
          userId: entry.userId,
          jobId: entry.entityId ?? '',
          quantity: entry.body?.quantity ?? job.quantity,
          price: entry.body?.price ?? job.price,
        }));
      return { ops, confirmed };
    },
    async countStock(pickLocation, counted) {
      let confirmed = false;
      let note = '';
      let location = '';
      try {
        await page.goto(`/${spec.department}/counts`, { waitUntil: 'commit' });
        await page.getByRole('heading', { name: 'Stock counts', level: 1 }).waitFor();
        const select = page.getByLabel('Location');
        await select
          .locator('option[value]:not([value=""])')
          .first()
          .waitFor({ state: 'attached' });
        const locations = (await select.locator('option').allTextContents()).filter(
          (text) => text !== 'Choose a location',
        );
        location = pickLocation(locations);
        await select.selectOption(location);
        await page.getByRole('button', { name: 'Start count' }).click();
        await page.waitForURL(/\/counts\/[0-9a-f-]{36}$/);
        // Counting opens once the server has taken the snapshot; under faults that may take a
        // while: the count stays on the device and a later step continues it.
        const fields = page.getByLabel(/^Counted quantity of /);
        try {
          await fields.first().waitFor({ timeout: 20_000 });
        } catch {
          note = 'not started by the server yet';
          throw new Error(note);
        }
        const { products = [] } = await readStores(page, ['products']);
        const stock = new Map(
          (products as { name: string; quantity: number; department: string }[])
            .filter((product) => product.department === spec.department)
            .map((product) => [product.name, product.quantity]),
        );
        for (const field of await fields.all()) {
          const label = (await field.getAttribute('aria-label')) ?? '';
          const name = label.replace(/^Counted quantity of /, '');
          await field.fill(String(counted(stock.get(name) ?? 0)));
        }
        await page.getByRole('button', { name: 'Submit count' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Submit count' }).click();
        await page
          .getByText(/^Count of .* (submitted|saved on this device)/)
          .first()
          .waitFor({ timeout: 15_000 });
        confirmed = true;
      } catch (error) {
        note ||= String(error).split('\n')[0] ?? '';
      }
      const issued = await takeIssued().catch(() => []);
      const ops = issued
        .filter(
          (entry) => entry.kind === 'stockCounts.start' || entry.kind === 'stockCounts.submit',
        )
        .map((entry): TabletCountOp => ({
          tablet: spec.name,
          userId: entry.userId,
          kind: entry.kind === 'stockCounts.start' ? 'start' : 'submit',
          countId: entry.entityId ?? '',
          location: entry.body?.location ?? location,
        }));
      return { ops, confirmed, note };
    },
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
    async setOffline(value) {
      offline = value;
      await context.setOffline(value);
    },
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
      const stores = ['products', 'orders', 'printingOrders'];
      const { products = [], orders = [], printingOrders = [] } = await readStores(page, stores);
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
        ...(spec.department === 'printing'
          ? {
              printJobs: (
                printingOrders as (NonNullable<MirrorSnapshot['printJobs']>[number] & Row)[]
              ).filter((row) => !row.deletedAt),
            }
          : {}),
      };
    },
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
