import { describe, expect, it } from 'vitest';
import { checkHistory, reportLines } from './check-history.ts';
import { emptyFaultCounts } from './fault-model.ts';
import type { AuditRow, ChaosHistory, ServerOrder } from './history.ts';

/**
 * Hand-made histories: one hardware product (10 in stock), one tablet that placed orders. The
 * clean one passes; each broken one must fail its rule.
 */
const product = 'p-1';
const user = 'u-tablet';
const admin = 'u-admin';

let seq = 0;
function audit(row: Omit<AuditRow, 'seq' | 'madeAt' | 'userId'> & Partial<AuditRow>): AuditRow {
  seq += 1;
  return { seq, madeAt: null, userId: admin, ...row };
}
const created = () =>
  audit({
    action: 'create',
    entity: 'product',
    entityId: product,
    changes: { quantity: { before: null, after: 10 }, price: { before: null, after: 500 } },
  });
const orderAudit = (id: string, quantity: number) =>
  audit({
    action: 'create',
    entity: 'order',
    entityId: id,
    userId: user,
    changes: {
      productId: { before: null, after: product },
      quantity: { before: null, after: quantity },
    },
  });
const order = (id: string, quantity: number): ServerOrder => ({
  id,
  department: 'hardware',
  productId: product,
  quantity,
  userId: user,
  deletedAt: null,
});

function cleanHistory(): ChaosHistory {
  seq = 0;
  return {
    seed: 42,
    tabletOrders: [
      {
        tablet: 'hw-1',
        userId: user,
        department: 'hardware',
        orderId: 'o-1',
        productId: product,
        quantity: 2,
      },
      {
        tablet: 'hw-1',
        userId: user,
        department: 'hardware',
        orderId: 'o-2',
        productId: product,
        quantity: 20,
      },
    ],
    // o-2 asked for more than there was: refused, and the tablet shows it.
    outboxes: {
      'hw-1': [
        {
          id: 'k-2',
          kind: 'order.create',
          entityId: 'o-2',
          status: 'failed',
          lastError: 'Quantity exceeds available stock',
        },
      ],
    },
    adminEdits: [],
    adminTransfers: [],
    tabletUserIds: [user],
    server: {
      orders: [order('o-1', 2)],
      products: [
        {
          id: product,
          department: 'hardware',
          name: 'Hammer',
          price: 500,
          quantity: 8,
          version: 2,
          deletedAt: null,
        },
      ],
      keys: [{ key: 'k-1', userId: user, state: 'completed', statusCode: 201 }],
      audit: [created(), orderAudit('o-1', 2)],
      movements: [],
    },
    mirrors: [
      {
        tablet: 'hw-1',
        department: 'hardware',
        products: [{ _id: product, name: 'Hammer', price: 500, quantity: 8, version: 2 }],
        orders: [{ _id: 'o-1', productId: product, quantity: 2 }],
      },
    ],
    faults: emptyFaultCounts(),
    restarts: 1,
    kills: 1,
    convergenceMs: 4_000,
    harnessErrors: 0,
  };
}

/** The item at `index`, which the hand-made history is known to have. */
function at<T>(items: readonly (T | undefined)[] | undefined, index: number): T {
  const item = items?.[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const rulesOf = (history: ChaosHistory) =>
  checkHistory(history).violations.map((violation) => violation.rule);

describe('the chaos checker', () => {
  it('passes a history where every write is applied once or refused', () => {
    const history = cleanHistory();
    const result = checkHistory(history);
    expect(result.violations).toEqual([]);
    expect(result.figures).toEqual({ issued: 2, applied: 1, refused: 1, unknown: 0 });
    expect(reportLines(history, result).join('\n')).toContain('violations 0');
  });

  it('fails a doubled order (one tap, two orders on the server)', () => {
    const history = cleanHistory();
    history.server.orders.push(order('o-1-again', 2));
    history.server.audit.push(orderAudit('o-1-again', 2));
    at(history.server.products, 0).quantity = 6;
    history.mirrors = [];
    expect(rulesOf(history)).toEqual(['a']);
    expect(reportLines(history, checkHistory(history)).join('\n')).toContain(
      'npm run chaos -- --seed 42',
    );
  });

  it('fails a lost order (queued, then neither on the server nor refused)', () => {
    const history = cleanHistory();
    history.outboxes['hw-1'] = [];
    expect(rulesOf(history)).toEqual(['a']);
  });

  it('fails a queue left holding work', () => {
    const history = cleanHistory();
    at([history.outboxes['hw-1']], 0).push({
      id: 'k-3',
      kind: 'order.create',
      entityId: 'o-3',
      status: 'pending',
    });
    expect(rulesOf(history)).toContain('a');
  });

  it('fails stock that went below 0, and stock that does not add up', () => {
    const history = cleanHistory();
    at(history.tabletOrders, 1).quantity = 9;
    history.outboxes['hw-1'] = [];
    history.server.orders.push(order('o-2', 9));
    history.server.audit.push(orderAudit('o-2', 9));
    at(history.server.products, 0).quantity = -1;
    history.mirrors = [];
    const violations = checkHistory(history).violations;
    expect(violations.map((violation) => violation.rule)).toEqual(['b', 'b']);
    expect(violations[0]?.message).toContain('below 0');

    const drifted = cleanHistory();
    at(drifted.server.products, 0).quantity = 9;
    drifted.mirrors = [];
    expect(rulesOf(drifted)).toEqual(['b']);
  });

  it('fails a silent overwrite of a newer edit and accepts a refused stale one', () => {
    const history = cleanHistory();
    const edit = (
      key: string,
      madeAt: string,
      seenPrice: number,
      price: number,
      status: number,
    ) => ({
      key,
      userId: admin,
      department: 'hardware',
      productId: product,
      baseVersion: 1,
      seen: { price: seenPrice },
      sent: { price },
      madeAt,
      outcome: { status },
    });
    // Editor A (saw v1, 500) sets 600; editor B also saw v1 at 500 and sets 700.
    history.adminEdits = [
      edit('e-a', '2026-01-01T00:00:00.001Z', 500, 600, 200),
      edit('e-b', '2026-01-01T00:00:00.002Z', 500, 700, 409),
    ];
    history.server.audit.push(
      audit({
        action: 'update',
        entity: 'product',
        entityId: product,
        madeAt: '2026-01-01T00:00:00.001Z',
        changes: { price: { before: 500, after: 600 } },
      }),
    );
    at(history.server.products, 0).price = 600;
    at(at(history.mirrors, 0).products, 0).price = 600;
    expect(checkHistory(history).violations).toEqual([]);

    // B's stale edit applied over A's: the price A set is gone without a conflict.
    at(history.adminEdits, 1).outcome = { status: 200 };
    history.server.audit.push(
      audit({
        action: 'update',
        entity: 'product',
        entityId: product,
        madeAt: '2026-01-01T00:00:00.002Z',
        changes: { price: { before: 600, after: 700 } },
      }),
    );
    at(history.server.products, 0).price = 700;
    at(at(history.mirrors, 0).products, 0).price = 700;
    expect(rulesOf(history)).toEqual(['c']);
  });

  it('fails an acknowledged admin edit missing from the server, and a mirror that differs', () => {
    const history = cleanHistory();
    history.adminEdits = [
      {
        key: 'e-1',
        userId: admin,
        department: 'hardware',
        productId: product,
        baseVersion: 2,
        seen: { price: 500 },
        sent: { price: 900 },
        madeAt: '2026-01-01T00:00:01.000Z',
        outcome: { status: 200 },
      },
    ];
    expect(rulesOf(history)).toEqual(['a']);

    const stale = cleanHistory();
    at(at(stale.mirrors, 0).products, 0).quantity = 10;
    stale.convergenceMs = null;
    expect(rulesOf(stale)).toEqual(['d', 'e']);
  });
});
