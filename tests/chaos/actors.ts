import {
  applySubmittedCount,
  editProduct,
  refreshView,
  transferStock,
  type ProductView,
} from './admin-client.ts';
import { nextProfile, type FaultProfileName } from './fault-model.ts';
import type { FaultProxy } from './fault-proxy.ts';
import type {
  AdminCountApplyOp,
  AdminEditOp,
  AdminTransferOp,
  TabletCountOp,
  TabletOrderOp,
  TabletPrintJobOp,
} from './history.ts';
import type { Rng } from './prng.ts';
import type { ChaosWorld } from './setup.ts';
import type { Tablet } from './tablet.ts';
import type { TestServer } from '../e2e/fixtures/server.ts';

/**
 * The actors of a chaos run, each a loop driven by its own fork of the run's PRNG until `stop`:
 * the tablets (orders, print jobs and stock counts through the screens, going offline and
 * online, reloading mid-sync, signing in again when the session expired), the admin (price
 * edits and restocks with a base version, godown transfers, applying submitted counts), the
 * network (the
 * proxy's profiles) and the power (graceful restarts and SIGKILLs of the server).
 */
export interface RunLog {
  tabletOrders: TabletOrderOp[];
  tabletPrintJobs: TabletPrintJobOp[];
  tabletCounts: TabletCountOp[];
  adminCountApplies: AdminCountApplyOp[];
  adminEdits: AdminEditOp[];
  adminTransfers: AdminTransferOp[];
  restarts: number;
  kills: number;
  harnessErrors: number;
  lines: string[];
}

export interface Control {
  stop: boolean;
  startedAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sleeps up to `ms`, waking early when the run stops. */
async function pause(control: Control, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!control.stop && Date.now() < until) await sleep(Math.min(250, until - Date.now()));
}

function note(log: RunLog, control: Control, line: string): void {
  const seconds = ((Date.now() - control.startedAt) / 1000).toFixed(1).padStart(6);
  log.lines.push(`${seconds}s ${line}`);
}

export async function tabletLoop(
  tablet: Tablet,
  products: ProductView[],
  rng: Rng,
  control: Control,
  log: RunLog,
): Promise<void> {
  let offlineUntil = 0;
  while (!control.stop) {
    try {
      if (offlineUntil > 0 && Date.now() > offlineUntil) {
        offlineUntil = 0;
        await tablet.setOffline(false);
        note(log, control, `${tablet.spec.name} online`);
      }
      // The token lives two minutes: a session that ended, or a queue paused by a 401, is
      // signed in again through the login screen before anything else.
      const again = await tablet.signInAgainIfNeeded();
      if (again) note(log, control, `${tablet.spec.name} signed in again (${again})`);
      const draw = rng.next();
      if (draw < 0.7 && tablet.spec.department === 'printing') {
        const {
          ops,
          confirmed,
          note: reason,
        } = await tablet.submitPrintJob({
          description: `Chaos print job ${rng.int(1, 1_000_000)}`,
          price: rng.int(1, 40) * 100,
          quantity: rng.int(1, 500),
          contact: `07${rng.int(10_000_000, 99_999_999)}`,
          category: rng.pick(['books', 'magazine', 'cards', 'banners', 'cups']),
        });
        log.tabletPrintJobs.push(...ops);
        if (!confirmed) {
          log.harnessErrors += 1;
          note(
            log,
            control,
            `${tablet.spec.name} print form did not confirm (${ops.length} queued): ${reason}`,
          );
        }
        if (rng.chance(0.15)) await tablet.reload();
      } else if (draw < 0.12 && tablet.spec.department === 'godown') {
        const {
          ops,
          confirmed,
          note: why,
        } = await tablet.countStock(
          (locations) => rng.pick(locations),
          // What the clerk finds: mostly what the mirror says, sometimes a few short or over.
          (quantity) => Math.max(0, quantity + (rng.chance(0.5) ? 0 : rng.int(-3, 2))),
        );
        log.tabletCounts.push(...ops);
        note(
          log,
          control,
          `${tablet.spec.name} stock count: ${ops.map((op) => op.kind).join(', ') || 'nothing'} queued${confirmed ? '' : ` (${why})`}`,
        );
        if (!confirmed) log.harnessErrors += 1;
      } else if (draw < 0.7) {
        const product = rng.pick(products);
        const { ops, confirmed, note: reason } = await tablet.placeOrder(product, rng.int(1, 4));
        log.tabletOrders.push(...ops);
        if (!confirmed) {
          log.harnessErrors += 1;
          note(
            log,
            control,
            `${tablet.spec.name} order screen did not confirm (${ops.length} queued): ${reason}`,
          );
        }
        // Reload while the flusher is sending what was just queued.
        if (rng.chance(0.15)) await tablet.reload();
      } else if (draw < 0.82 && offlineUntil === 0) {
        offlineUntil = Date.now() + rng.int(5_000, 25_000);
        await tablet.setOffline(true);
        note(log, control, `${tablet.spec.name} offline`);
      } else if (draw < 0.92) {
        await tablet.reload();
      }
    } catch (error) {
      log.harnessErrors += 1;
      note(log, control, `${tablet.spec.name} step failed: ${String(error).split('\n')[0]}`);
    }
    await pause(control, rng.int(300, 1_500));
  }
  await tablet.setOffline(false).catch(() => undefined);
}

export async function adminLoop(
  baseUrl: string,
  world: ChaosWorld,
  rng: Rng,
  control: Control,
  log: RunLog,
): Promise<void> {
  const origins = () => (world.products.godown ?? []).filter((p) => p.location === 'Main Store');
  while (!control.stop) {
    const editor = rng.pick(world.editors);
    if (rng.chance(0.2)) {
      // Counts the godown tablet submitted are applied by an admin, online, now and then.
      const op = await applySubmittedCount(baseUrl, editor, 'godown', rng);
      if (op) {
        log.adminCountApplies.push(op);
        note(
          log,
          control,
          `${editor.name} applied count ${op.countId}: ${String(op.outcome.status)}`,
        );
      }
    } else if (rng.chance(0.3)) {
      const op = await transferStock(baseUrl, editor, origins(), rng);
      if (op) log.adminTransfers.push(op);
    } else {
      // Refreshing only sometimes keeps each editor's view stale now and then.
      if (rng.chance(0.35)) await refreshView(baseUrl, editor, 'hardware');
      const op = await editProduct(baseUrl, editor, 'hardware', rng);
      if (op) log.adminEdits.push(op);
    }
    await pause(control, rng.int(1_000, 4_000));
  }
}

export async function networkLoop(
  proxy: FaultProxy,
  rng: Rng,
  control: Control,
  log: RunLog,
): Promise<void> {
  let current: FaultProfileName = 'clean';
  while (!control.stop) {
    current = nextProfile(rng, current);
    proxy.setProfile(current);
    note(log, control, `network: ${current}`);
    // A full stop is brief: long enough for requests to time out, not the whole run.
    await pause(control, current === 'pause' ? rng.int(2_000, 8_000) : rng.int(6_000, 18_000));
  }
  proxy.setProfile('clean');
}

export async function powerLoop(
  server: TestServer,
  rng: Rng,
  control: Control,
  log: RunLog,
  durationMs: number,
): Promise<void> {
  const events = Math.max(2, Math.min(8, Math.round(durationMs / 60_000)));
  const kinds = Array.from({ length: events }, (_, index) =>
    index % 2 === 0 ? 'kill' : 'restart',
  );
  for (const [index, kind] of kinds.entries()) {
    const at = control.startedAt + ((index + 0.5 + (rng.next() - 0.5) * 0.6) / events) * durationMs;
    await pause(control, at - Date.now());
    if (control.stop) return;
    note(log, control, `server ${kind}`);
    if (kind === 'kill') {
      await server.kill();
      log.kills += 1;
      await sleep(rng.int(500, 4_000));
    } else {
      await server.stop();
      log.restarts += 1;
      await sleep(500);
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        await server.start();
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    note(log, control, 'server back');
  }
}
