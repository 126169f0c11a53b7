import { checkExactlyOnce, type ExactlyOnceFigures } from './check-exactly-once.ts';
import { checkMirrors, checkNoSilentOverwrite, checkStock } from './check-stock.ts';
import { checkCounts, checkPrintJobs } from './check-tablet-work.ts';
import type { ChaosHistory, Violation } from './history.ts';

/**
 * The chaos run's checker (decision 0027): pure functions over a recorded history. It proves,
 * or finds a counterexample to, (a) exactly-once or visibly refused, (b) stock adds up and never
 * went below 0, (c) no silent overwrite of a product edit, (d) every mirror equals the server,
 * (e) the tablets converged after the network healed.
 */
export interface CheckResult {
  figures: ExactlyOnceFigures;
  violations: Violation[];
}

/** How long after healing the tablets may take to drain and agree before (e) fails. */
export const convergenceLimitMs = 180_000;

export function checkHistory(history: ChaosHistory): CheckResult {
  const violations: Violation[] = [];
  const figures = checkExactlyOnce(history, violations);
  checkPrintJobs(history, figures, violations);
  checkCounts(history, figures, violations);
  checkStock(history, violations);
  checkNoSilentOverwrite(history, violations);
  checkMirrors(history, violations);
  if (history.convergenceMs === null || history.convergenceMs > convergenceLimitMs) {
    violations.push({
      rule: 'e',
      message: `the tablets did not drain and agree within ${convergenceLimitMs / 1000} s of healing`,
    });
  }
  return { figures, violations };
}

const ruleNames: Record<Violation['rule'], string> = {
  a: 'exactly once or refused',
  b: 'stock adds up, never below 0',
  c: 'no silent overwrite',
  d: 'mirrors equal the server',
  e: 'convergence',
};

/** The figures a run prints, one per line; violations listed by rule, at most 20 each. */
export function reportLines(history: ChaosHistory, result: CheckResult): string[] {
  const { figures, violations } = result;
  const faults = history.faults;
  const profiles = Object.entries(faults.profileChanges)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  const countOps = (kind: 'start' | 'submit') =>
    history.tabletCounts.filter((op) => op.kind === kind).length;
  const statuses = new Map<string, number>();
  for (const count of history.server.counts) {
    statuses.set(count.status, (statuses.get(count.status) ?? 0) + 1);
  }
  const countStatuses = [...statuses].map(([status, n]) => `${status} ${n}`).join(', ');
  const lines = [
    `seed ${history.seed}`,
    `operations issued ${figures.issued} (tablet orders ${history.tabletOrders.length}, print jobs ${history.tabletPrintJobs.length}, stock count starts ${countOps('start')} and submissions ${countOps('submit')}, admin edits ${history.adminEdits.length}, admin transfers ${history.adminTransfers.length}, admin count applies ${history.adminCountApplies.length})`,
    `re-sign-ins after the token expired: tablets ${history.reSignIns.login + history.reSignIns.paused} (at the login screen ${history.reSignIns.login}, from 'Sign in again' on a paused queue ${history.reSignIns.paused}; with writes still queued ${history.reSignIns.withQueued}), admins (API, on 401) ${history.adminReLogins}; counts on the server by status: ${countStatuses || 'none'}`,
    `applied ${figures.applied}, refused ${figures.refused}, outcome unknown to the admin ${figures.unknown}`,
    `faults: connections dropped ${faults.dropped}, reset after forwarding ${faults.resetAfterForward}, answers truncated ${faults.truncated}, pauses ${faults.pauses}; profiles: ${profiles || 'none'}`,
    `server restarts ${history.restarts}, kills (SIGKILL) ${history.kills}; harness steps that failed ${history.harnessErrors}`,
    `convergence after healing: ${history.convergenceMs === null ? 'NOT REACHED' : `${(history.convergenceMs / 1000).toFixed(1)} s`}`,
    `violations ${violations.length}`,
  ];
  for (const rule of Object.keys(ruleNames) as Violation['rule'][]) {
    const ofRule = violations.filter((violation) => violation.rule === rule);
    if (ofRule.length === 0) continue;
    lines.push(`  (${rule}) ${ruleNames[rule]}: ${ofRule.length}`);
    for (const violation of ofRule.slice(0, 20)) lines.push(`    - ${violation.message}`);
  }
  if (violations.length > 0) {
    lines.push(`replay with: npm run chaos -- --seed ${history.seed}`);
  }
  return lines;
}
