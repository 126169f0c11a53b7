import type { ChaosHistory, Violation } from './history.ts';

/**
 * Rules (b), (c) and (d) of the chaos checker, over the server's audit trail in commit order:
 * (b) every product's stock is its creation plus every movement the trail explains (orders
 *     subtract, order edits and deletes adjust, transfers, counts and admin edits set), it never
 *     went below 0, and it ends where the products table says;
 * (c) no admin edit overwrote a field someone else changed after the version its editor saw;
 * (d) every tablet's mirror of its department equals the server's.
 */
const numberOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export function checkStock(history: ChaosHistory, violations: Violation[]): void {
  const fail = (message: string) => violations.push({ rule: 'b', message });
  const stock = new Map<string, number>();
  const orderCreates = new Map<string, number>();
  const move = (productId: string, delta: number, why: string) => {
    const before = stock.get(productId);
    if (before === undefined) {
      fail(`${why} moves stock of ${productId}, which the trail never created`);
      return;
    }
    const after = before + delta;
    if (after < 0) fail(`${why} took ${productId} below 0 (${before} → ${after})`);
    stock.set(productId, after);
  };
  const entries = [...history.server.audit].sort((a, b) => a.seq - b.seq);
  for (const entry of entries) {
    const quantity = entry.changes.quantity;
    if (entry.entity === 'product') {
      if (entry.action === 'create') {
        stock.set(entry.entityId, numberOf(quantity?.after) ?? 0);
      } else if (entry.action === 'update' && quantity) {
        const known = stock.get(entry.entityId);
        const before = numberOf(quantity.before);
        const after = numberOf(quantity.after) ?? 0;
        if (known !== before) {
          fail(
            `audit #${entry.seq}: ${entry.entityId} had ${String(before)} by its update, the trail explains ${String(known)}`,
          );
        }
        if (after < 0) fail(`audit #${entry.seq}: ${entry.entityId} set below 0 (${after})`);
        stock.set(entry.entityId, after);
      }
    } else if (entry.entity === 'order') {
      // A create or delete records every field; an update only what changed (not the product).
      const productId = entry.changes.productId;
      const id = String(productId?.after ?? productId?.before ?? '');
      const why = `audit #${entry.seq} (order ${entry.action} ${entry.entityId})`;
      if (entry.action === 'create') {
        orderCreates.set(entry.entityId, (orderCreates.get(entry.entityId) ?? 0) + 1);
        move(id, -(numberOf(quantity?.after) ?? 0), why);
      } else if (entry.action === 'delete') {
        move(id, numberOf(quantity?.before) ?? 0, why);
      } else if (entry.action === 'update' && quantity) {
        const productOf = history.server.orders.find((order) => order.id === entry.entityId);
        move(
          productOf?.productId ?? id,
          (numberOf(quantity.before) ?? 0) - (numberOf(quantity.after) ?? 0),
          why,
        );
      }
    }
  }
  for (const product of history.server.products) {
    if (product.deletedAt !== null) continue;
    const expected = stock.get(product.id);
    if (expected !== product.quantity) {
      fail(
        `${product.name} (${product.id}): stock ${product.quantity}, the trail adds up to ${String(expected)}`,
      );
    }
    if (product.quantity < 0)
      fail(`${product.name} (${product.id}): stock ${product.quantity} below 0`);
  }
  for (const order of history.server.orders) {
    const creates = orderCreates.get(order.id) ?? 0;
    if (creates !== 1) fail(`order ${order.id}: ${creates} audit creates (expected 1)`);
  }
}

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function checkNoSilentOverwrite(history: ChaosHistory, violations: Violation[]): void {
  const byMadeAt = new Map(
    history.server.audit
      .filter((entry) => entry.entity === 'product' && entry.action === 'update' && entry.madeAt)
      .map((entry) => [`${entry.userId}/${entry.entityId}/${entry.madeAt ?? ''}`, entry]),
  );
  for (const edit of history.adminEdits) {
    const entry = byMadeAt.get(`${edit.userId}/${edit.productId}/${edit.madeAt}`);
    if (!entry) continue; // not applied (refused, or lost: rule a)
    for (const [field, change] of Object.entries(entry.changes)) {
      if (!(field in edit.seen)) continue;
      // The field was something else than the editor saw at its base version: someone changed it
      // since, and this edit replaced that change without a conflict.
      if (!sameValue(change.before, edit.seen[field])) {
        violations.push({
          rule: 'c',
          message: `edit ${edit.key} of ${edit.productId} (base v${edit.baseVersion}) overwrote ${field}: saw ${JSON.stringify(edit.seen[field])}, server had ${JSON.stringify(change.before)}, wrote ${JSON.stringify(change.after)}`,
        });
      }
    }
  }
}

export function checkMirrors(
  history: Pick<ChaosHistory, 'server' | 'mirrors'>,
  violations: Violation[],
): void {
  for (const mirror of history.mirrors) {
    const fail = (message: string) =>
      violations.push({ rule: 'd', message: `${mirror.tablet}: ${message}` });
    const products = history.server.products.filter(
      (product) => product.department === mirror.department && product.deletedAt === null,
    );
    const local = new Map(mirror.products.map((product) => [product._id, product]));
    for (const product of products) {
      const mine = local.get(product.id);
      local.delete(product.id);
      if (!mine) fail(`product ${product.name} missing from the mirror`);
      else if (
        mine.quantity !== product.quantity ||
        mine.price !== product.price ||
        mine.name !== product.name ||
        mine.version !== product.version
      ) {
        fail(
          `product ${product.name}: mirror ${mine.quantity} @ ${mine.price} v${mine.version}, server ${product.quantity} @ ${product.price} v${product.version}`,
        );
      }
    }
    for (const extra of local.values())
      fail(`product ${extra.name} (${extra._id}) only in the mirror`);
    const orders = history.server.orders.filter(
      (order) => order.department === mirror.department && order.deletedAt === null,
    );
    const localOrders = new Map(mirror.orders.map((order) => [order._id, order]));
    for (const order of orders) {
      const mine = localOrders.get(order.id);
      localOrders.delete(order.id);
      if (!mine) fail(`order ${order.id} missing from the mirror`);
      else if (mine.quantity !== order.quantity)
        fail(`order ${order.id}: mirror ${mine.quantity}, server ${order.quantity}`);
    }
    for (const extra of localOrders.values()) fail(`order ${extra._id} only in the mirror`);
    if (mirror.printJobs) {
      const localJobs = new Map(mirror.printJobs.map((job) => [job._id, job]));
      for (const job of history.server.printJobs) {
        if (job.deletedAt !== null) continue;
        const mine = localJobs.get(job.id);
        localJobs.delete(job.id);
        if (!mine) fail(`print job ${job.id} missing from the mirror`);
        else if (mine.quantity !== job.quantity || mine.receiptNumber !== job.receiptNumber)
          fail(
            `print job ${job.id}: mirror ${mine.quantity} ${String(mine.receiptNumber)}, server ${job.quantity} ${job.receiptNumber}`,
          );
      }
      for (const extra of localJobs.values()) fail(`print job ${extra._id} only in the mirror`);
    }
  }
}
