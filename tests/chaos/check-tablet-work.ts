import type { ExactlyOnceFigures } from './check-exactly-once.ts';
import type { ChaosHistory, OutboxSnapshotEntry, Violation } from './history.ts';

/**
 * Rule (a) for the tablets' other queued work (decision 0027): print jobs and stock counts.
 * A print job is on the server exactly once, with its quantity and price, or its outbox entry is
 * failed; a print job of a tablet user that no tablet issued is a doubled one. A count a tablet
 * started is on the server or refused; one it submitted left 'open' or is refused; a count's
 * status agrees with its stamps and lines; and an applied count was applied once: its product's
 * 'stock count' movements are exactly its lines' non-zero adjustments.
 */
type Outboxes = ChaosHistory['outboxes'];

/** The entries left in every outbox, by kind and entity id. */
function entriesByKind(outboxes: Outboxes): Map<string, OutboxSnapshotEntry & { tablet: string }> {
  const found = new Map<string, OutboxSnapshotEntry & { tablet: string }>();
  for (const [tablet, entries] of Object.entries(outboxes)) {
    for (const entry of entries) {
      if (entry.entityId) found.set(`${entry.kind ?? ''}/${entry.entityId}`, { ...entry, tablet });
    }
  }
  return found;
}

export function checkPrintJobs(
  history: ChaosHistory,
  figures: ExactlyOnceFigures,
  violations: Violation[],
): void {
  const fail = (message: string) => violations.push({ rule: 'a', message });
  const outbox = entriesByKind(history.outboxes);
  const onServer = new Map<string, number>();
  for (const job of history.server.printJobs) {
    onServer.set(job.id, (onServer.get(job.id) ?? 0) + 1);
  }
  const issued = new Set<string>();
  for (const op of history.tabletPrintJobs) {
    figures.issued += 1;
    issued.add(op.jobId);
    const count = onServer.get(op.jobId) ?? 0;
    const queued = outbox.get(`printing.create/${op.jobId}`);
    if (count === 1) {
      figures.applied += 1;
      const row = history.server.printJobs.find((job) => job.id === op.jobId);
      if (row && (row.quantity !== op.quantity || row.price !== op.price)) {
        fail(
          `print job ${op.jobId} by ${op.tablet}: server has ${row.quantity} @ ${row.price}, issued ${op.quantity} @ ${op.price}`,
        );
      }
    } else if (count > 1) {
      fail(`print job ${op.jobId} by ${op.tablet} applied ${count} times`);
    } else if (queued?.status === 'failed') {
      figures.refused += 1;
    } else {
      fail(
        `print job ${op.jobId} by ${op.tablet} lost: not on the server, ${queued ? `outbox entry ${queued.status}` : 'no outbox entry'}`,
      );
    }
  }
  const tabletUsers = new Set(history.tabletUserIds);
  for (const job of history.server.printJobs) {
    if (tabletUsers.has(job.userId) && !issued.has(job.id)) {
      fail(
        `print job ${job.id} (${job.receiptNumber}, ${job.quantity} @ ${job.price}) on the server was never issued by a tablet: doubled?`,
      );
    }
  }
}

export function checkCounts(
  history: ChaosHistory,
  figures: ExactlyOnceFigures,
  violations: Violation[],
): void {
  const fail = (message: string) => violations.push({ rule: 'a', message });
  const outbox = entriesByKind(history.outboxes);
  const { counts, countLines, movements } = history.server;
  const rows = new Map<string, number>();
  for (const count of counts) rows.set(count.id, (rows.get(count.id) ?? 0) + 1);
  for (const [id, times] of rows) {
    if (times > 1) fail(`stock count ${id} recorded ${times} times`);
  }
  const byId = new Map(counts.map((count) => [count.id, count]));

  for (const op of history.tabletCounts) {
    figures.issued += 1;
    const count = byId.get(op.countId);
    const queued = outbox.get(`stockCounts.${op.kind}/${op.countId}`);
    const what = `count ${op.kind} of ${op.location} (${op.countId}) by ${op.tablet}`;
    const landed = op.kind === 'start' ? count !== undefined : count?.submittedAt != null;
    if (landed) figures.applied += 1;
    else if (queued?.status === 'failed') figures.refused += 1;
    else {
      fail(
        `${what} lost: ${count ? `the server's count is ${count.status}` : 'no count on the server'}, ${queued ? `outbox entry ${queued.status}` : 'no outbox entry'}`,
      );
    }
  }

  const linesOf = new Map<string, typeof countLines>();
  for (const line of countLines) {
    const list = linesOf.get(line.countId) ?? [];
    list.push(line);
    linesOf.set(line.countId, list);
  }
  // How many 'stock count' movements each product should have: one per non-zero adjustment.
  const expectedMoves = new Map<string, number>();
  for (const count of counts) {
    const lines = linesOf.get(count.id) ?? [];
    const adjusted = lines.filter((line) => line.adjustment !== null);
    const consistent =
      count.status === 'open'
        ? count.submittedAt === null && count.closedAt === null && adjusted.length === 0
        : count.status === 'submitted'
          ? count.submittedAt !== null && count.closedAt === null && adjusted.length === 0
          : count.status === 'applied'
            ? count.submittedAt !== null &&
              count.closedAt !== null &&
              lines.every((line) => line.counted === null || line.adjustment !== null)
            : count.status === 'cancelled'
              ? count.closedAt !== null && adjusted.length === 0
              : false;
    if (!consistent) {
      fail(
        `stock count ${count.id} is ${count.status} with submittedAt ${String(count.submittedAt)}, closedAt ${String(count.closedAt)} and ${adjusted.length} adjusted lines`,
      );
    }
    if (count.status !== 'applied') continue;
    for (const line of adjusted) {
      if (line.adjustment === 0) continue;
      expectedMoves.set(line.productId, (expectedMoves.get(line.productId) ?? 0) + 1);
    }
  }
  const moves = new Map<string, number>();
  for (const movement of movements) {
    if (movement.reason !== 'stock count') continue;
    moves.set(movement.productId, (moves.get(movement.productId) ?? 0) + 1);
  }
  for (const productId of new Set([...moves.keys(), ...expectedMoves.keys()])) {
    const expected = expectedMoves.get(productId) ?? 0;
    const actual = moves.get(productId) ?? 0;
    if (expected !== actual) {
      fail(
        `product ${productId}: ${actual} 'stock count' movements, its applied counts adjusted it ${expected} times (a count applied ${actual > expected ? 'twice' : 'without its movement'})`,
      );
    }
  }

  for (const apply of history.adminCountApplies) {
    figures.issued += 1;
    const status = apply.outcome.status;
    if (typeof status === 'number' && status >= 200 && status < 300) {
      figures.applied += 1;
      if (byId.get(apply.countId)?.status !== 'applied') {
        fail(
          `apply ${apply.key} of count ${apply.countId} acknowledged but the count is not applied`,
        );
      }
    } else if (typeof status === 'number' && status >= 400 && status < 500) {
      // Already applied by the other admin, or not submitted yet: the movements above decide.
      figures.refused += 1;
    } else {
      figures.unknown += 1;
    }
  }
}
