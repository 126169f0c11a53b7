import { parseArgs } from 'node:util';
import { ensureBuilt } from '../bench/search-bench.ts';
import { startTestServer } from '../e2e/fixtures/server.ts';
import {
  adminLoop,
  networkLoop,
  powerLoop,
  tabletLoop,
  type Control,
  type RunLog,
} from './actors.ts';
import { checkHistory, reportLines } from './check-history.ts';
import { startFaultProxy } from './fault-proxy.ts';
import type { ChaosHistory } from './history.ts';
import { createRng } from './prng.ts';
import { readServerState } from './read-server.ts';
import { waitForConvergence } from './converge.ts';
import { buildWorld } from './setup.ts';
import { openTablet, type Tablet } from './tablet.ts';

/**
 * `npm run chaos -- --minutes 10 --seed 42` (decision 0027): the built app's server on a temporary
 * DATA_DIR (tokens living two minutes), the fault proxy in front of it, four tablets in Chromium
 * (two hardware employees, one of them with its clock three days ahead, a godown employee who
 * also counts stock, and a printing employee) and two admins through the API, for a fixed time under a seeded script of faults, restarts and SIGKILLs; then the network
 * heals, the tablets drain, and the checker proves exactly-once over what was recorded. Exits 1
 * on any violation, printing the seed to replay.
 */
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
if (!(minutes > 0) || !Number.isInteger(seed)) {
  console.error('usage: npm run chaos -- [--minutes N] [--seed S] [--rebuild]');
  process.exit(2);
}
const log = (line: string) => console.log(line);
const durationMs = minutes * 60_000;
const rng = createRng(seed);
log(`chaos run: ${minutes} min, seed ${seed}`);
ensureBuilt(log, values.rebuild);

// Tokens live two minutes, so sessions expire during the run while tablets hold queued work.
const tokenTtlSeconds = 120;
const server = await startTestServer({ TOKEN_TTL: String(tokenTtlSeconds) });
const proxy = await startFaultProxy(server.port, seed);
const tablets: Tablet[] = [];
let failed = true;
try {
  const world = await buildWorld(server, rng.fork('world'));
  for (const spec of world.tablets) tablets.push(await openTablet(spec, proxy.url));
  log(
    `server ${server.url} (data ${server.dataDir}, tokens live ${tokenTtlSeconds} s), proxy ${proxy.url}; tablets signed in`,
  );

  const runLog: RunLog = {
    tabletOrders: [],
    tabletPrintJobs: [],
    tabletCounts: [],
    adminCountApplies: [],
    adminEdits: [],
    adminTransfers: [],
    restarts: 0,
    kills: 0,
    harnessErrors: 0,
    lines: [],
  };
  const control: Control = { stop: false, startedAt: Date.now() };
  const loops = [
    ...tablets.map((tablet) =>
      tabletLoop(
        tablet,
        world.products[tablet.spec.department] ?? [],
        rng.fork(tablet.spec.name),
        control,
        runLog,
      ),
    ),
    adminLoop(proxy.url, world, rng.fork('admin'), control, runLog),
    networkLoop(proxy, rng.fork('network'), control, runLog),
    powerLoop(server, rng.fork('power'), control, runLog, durationMs),
  ];
  const progress = setInterval(() => {
    const fresh = runLog.lines.splice(0, runLog.lines.length);
    for (const line of fresh) log(line);
  }, 2_000);
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  control.stop = true;
  const ended = await Promise.allSettled(loops);
  clearInterval(progress);
  for (const line of runLog.lines) log(line);
  for (const result of ended) {
    if (result.status === 'rejected') log(`an actor failed: ${String(result.reason)}`);
  }

  // Heal: a clean network, the server up, every tablet online; nobody touches the screens.
  proxy.setProfile('clean');
  await server.start().catch(() => undefined);
  for (const tablet of tablets) await tablet.setOffline(false);
  log('healed; waiting for every outbox to drain and every mirror to agree…');
  const convergence = await waitForConvergence(tablets, server.dataDir, log);

  const history: ChaosHistory = {
    seed,
    tabletOrders: runLog.tabletOrders,
    tabletPrintJobs: runLog.tabletPrintJobs,
    tabletCounts: runLog.tabletCounts,
    adminCountApplies: runLog.adminCountApplies,
    reSignIns: {
      login: tablets.reduce((sum, tablet) => sum + tablet.reSignIns.login, 0),
      paused: tablets.reduce((sum, tablet) => sum + tablet.reSignIns.paused, 0),
      withQueued: tablets.reduce((sum, tablet) => sum + tablet.reSignIns.withQueued, 0),
    },
    adminReLogins: world.editors.reduce((sum, editor) => sum + editor.reLogins, 0),
    outboxes: Object.fromEntries(convergence.outboxes),
    adminEdits: runLog.adminEdits,
    adminTransfers: runLog.adminTransfers,
    tabletUserIds: world.tablets.map((tablet) => tablet.userId),
    server: readServerState(server.dataDir),
    mirrors: convergence.mirrors,
    faults: proxy.counts(),
    restarts: runLog.restarts,
    kills: runLog.kills,
    convergenceMs: convergence.ms,
    harnessErrors: runLog.harnessErrors,
  };
  const result = checkHistory(history);
  log('');
  for (const line of reportLines(history, result)) log(line);
  failed = result.violations.length > 0;
} finally {
  for (const tablet of tablets) await tablet.close();
  await proxy.close();
  if (failed) {
    await server.stop();
    log(`data kept for inspection: ${server.dataDir}`);
  } else {
    await server.dispose();
  }
}
process.exit(failed ? 1 : 0);
