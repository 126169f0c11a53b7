import type { AdminOutcome, ChaosHistory, Violation } from './history.ts';

/**
 * Rule (a) of the chaos checker: every write issued was applied exactly once, or is shown to
 * the user as refused. Nothing lost, nothing doubled, no idempotency key used twice or left half
 * done, and no queue left holding work after the network healed.
 */
export interface ExactlyOnceFigures {
  issued: number;
  applied: number;
  refused: number;
  /** Admin calls that never got an answer; applied at most once is all that can be asked. */
  unknown: number;
}

const isSuccess = (outcome: AdminOutcome) =>
  typeof outcome.status === 'number' && outcome.status >= 200 && outcome.status < 300;
const isRefusal = (outcome: AdminOutcome) =>
  typeof outcome.status === 'number' && outcome.status >= 400 && outcome.status < 500;

export function checkExactlyOnce(
  history: ChaosHistory,
  violations: Violation[],
): ExactlyOnceFigures {
  const figures: ExactlyOnceFigures = { issued: 0, applied: 0, refused: 0, unknown: 0 };
  const fail = (message: string) => violations.push({ rule: 'a', message });
  const { server } = history;

  const ordersById = new Map<string, number>();
  for (const order of server.orders) {
    const key = `${order.department}/${order.id}`;
    ordersById.set(key, (ordersById.get(key) ?? 0) + 1);
  }
  const outboxByEntity = new Map<string, { tablet: string; status: string; lastError: string }>();
  for (const [tablet, entries] of Object.entries(history.outboxes)) {
    for (const entry of entries) {
      if (entry.status !== 'failed' && entry.status !== 'done') {
        fail(`${tablet}: outbox entry ${entry.id} (${entry.kind ?? '?'}) still ${entry.status}`);
      }
      if (entry.entityId) {
        outboxByEntity.set(entry.entityId, {
          tablet,
          status: entry.status,
          lastError: entry.lastError ?? '',
        });
      }
    }
  }

  const issuedOrders = new Set<string>();
  for (const op of history.tabletOrders) {
    figures.issued += 1;
    issuedOrders.add(`${op.department}/${op.orderId}`);
    const count = ordersById.get(`${op.department}/${op.orderId}`) ?? 0;
    const queued = outboxByEntity.get(op.orderId);
    if (count === 1) {
      figures.applied += 1;
      const row = server.orders.find((order) => order.id === op.orderId);
      if (row && (row.productId !== op.productId || row.quantity !== op.quantity)) {
        fail(
          `order ${op.orderId} by ${op.tablet}: server has ${row.quantity} of ${row.productId}, issued ${op.quantity} of ${op.productId}`,
        );
      }
    } else if (count > 1) {
      fail(`order ${op.orderId} by ${op.tablet} applied ${count} times`);
    } else if (queued?.status === 'failed') {
      figures.refused += 1;
    } else {
      fail(
        `order ${op.orderId} by ${op.tablet} (${op.quantity} of ${op.productId}) lost: not on the server, ${queued ? `outbox entry ${queued.status}` : 'no outbox entry'}`,
      );
    }
  }
  const tabletUsers = new Set(history.tabletUserIds);
  for (const order of server.orders) {
    if (tabletUsers.has(order.userId) && !issuedOrders.has(`${order.department}/${order.id}`)) {
      fail(
        `order ${order.id} (${order.quantity} of ${order.productId}) on the server was never issued by a tablet: doubled?`,
      );
    }
  }

  const keyCounts = new Map<string, number>();
  for (const key of server.keys) {
    const id = `${key.userId}/${key.key}`;
    keyCounts.set(id, (keyCounts.get(id) ?? 0) + 1);
    if (key.state !== 'completed') fail(`idempotency key ${key.key} left ${key.state}`);
  }
  for (const [id, count] of keyCounts) {
    if (count > 1) fail(`idempotency key ${id} recorded ${count} times`);
  }

  const auditByMadeAt = new Map<string, number>();
  for (const entry of server.audit) {
    if (entry.entity === 'product' && entry.action === 'update' && entry.madeAt) {
      const id = `${entry.userId}/${entry.entityId}/${entry.madeAt}`;
      auditByMadeAt.set(id, (auditByMadeAt.get(id) ?? 0) + 1);
    }
  }
  for (const edit of history.adminEdits) {
    figures.issued += 1;
    const applied = auditByMadeAt.get(`${edit.userId}/${edit.productId}/${edit.madeAt}`) ?? 0;
    tally(figures, edit.outcome, applied, `product edit ${edit.key} of ${edit.productId}`, fail);
  }
  const movements = new Map<string, number>();
  for (const movement of server.movements) {
    movements.set(movement.id, (movements.get(movement.id) ?? 0) + 1);
  }
  for (const transfer of history.adminTransfers) {
    figures.issued += 1;
    const applied = movements.get(transfer.transferId) ?? 0;
    tally(figures, transfer.outcome, applied, `transfer ${transfer.key}`, fail);
  }
  return figures;
}

/** An admin call's outcome against how many times the server applied it. */
function tally(
  figures: ExactlyOnceFigures,
  outcome: AdminOutcome,
  applied: number,
  what: string,
  fail: (message: string) => void,
): void {
  if (applied > 1) fail(`${what} applied ${applied} times`);
  if (isSuccess(outcome)) {
    figures.applied += 1;
    if (applied === 0)
      fail(`${what} acknowledged (${String(outcome.status)}) but not on the server`);
  } else if (isRefusal(outcome)) {
    figures.refused += 1;
    if (applied > 0) fail(`${what} refused (${String(outcome.status)}) but applied`);
  } else {
    figures.unknown += 1;
    if (applied === 1) figures.applied += 1;
  }
}
