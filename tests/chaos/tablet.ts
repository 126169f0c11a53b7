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
import { clockShiftScript, outboxWatchScript, readStores } from './tablet-page.ts';
import { countStock, placeOrder, submitPrintJob } from './tablet-screens.ts';

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
  ): Promise<{ ops: TabletOrderOp[]; confirmed: boolean; note: string }>;
  /** A print job through the /printing form (printing tablets). */
  submitPrintJob(
    job: PrintJobFields,
  ): Promise<{ ops: TabletPrintJobOp[]; confirmed: boolean; note: string }>;
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
    submitPrintJob: (job) => submitPrintJob(page, spec, job),
    countStock: (pickLocation, counted) => countStock(page, spec, pickLocation, counted),
    placeOrder: (product, quantity) => placeOrder(page, spec, product, quantity),
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
