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
    tabletPrintJobs: [],
    tabletCounts: [],
    adminCountApplies: [],
    reSignIns: { login: 0, paused: 0, withQueued: 0 },
    adminReLogins: 0,
    tabletUserIds: [user],
    server: {
      orders: [order('o-1', 2)],
      printJobs: [],
      counts: [],
      countLines: [],
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

/**
 * The same history with a printing clerk's work: job j-1 applied once (mirrored with its
 * receipt number), job j-2 refused; and a count of the hammer's shelf started, submitted (one
 * short: 7 where the trail says 8) and applied once by an admin.
 */
const printer = 'u-printer';
function withPrintingAndCount(): ChaosHistory {
  const history = cleanHistory();
  history.tabletUserIds.push(printer);
  history.tabletPrintJobs = [
    { tablet: 'printing-1', userId: printer, jobId: 'j-1', quantity: 100, price: 300 },
    { tablet: 'printing-1', userId: printer, jobId: 'j-2', quantity: 5, price: 100 },
  ];
  history.outboxes['printing-1'] = [
    { id: 'k-j2', kind: 'printing.create', entityId: 'j-2', status: 'failed', lastError: 'no' },
  ];
  history.server.printJobs = [
    {
      id: 'j-1',
      userId: printer,
      quantity: 100,
      price: 300,
      receiptNumber: 'PR-000001',
      version: 1,
      deletedAt: null,
    },
  ];
  history.mirrors.push({
    tablet: 'printing-1',
    department: 'printing',
    products: [],
    orders: [],
    printJobs: [{ _id: 'j-1', quantity: 100, receiptNumber: 'PR-000001' }],
  });
  history.tabletCounts = [
    { tablet: 'hw-1', userId: user, kind: 'start', countId: 'c-1', location: 'Shelf' },
    { tablet: 'hw-1', userId: user, kind: 'submit', countId: 'c-1', location: 'Shelf' },
  ];
  history.adminCountApplies = [{ key: 'k-apply', countId: 'c-1', outcome: { status: 200 } }];
  history.server.counts = [
    {
      id: 'c-1',
      location: 'Shelf',
      status: 'applied',
      submittedAt: '2026-11-27T10:00:00.000Z',
      closedAt: '2026-11-27T10:05:00.000Z',
      startedBy: 'hw-1@example.com',
    },
  ];
  history.server.countLines = [{ countId: 'c-1', productId: product, counted: 7, adjustment: -1 }];
  history.server.audit.push(countApplied(8, 7));
  history.server.movements.push(countMovement('m-1'));
  at(history.server.products, 0).quantity = 7;
  at(history.server.products, 0).version = 3;
  const hardware = at(history.mirrors, 0);
  hardware.products = [{ _id: product, name: 'Hammer', price: 500, quantity: 7, version: 3 }];
  return history;
}
const countApplied = (before: number, after: number) =>
  audit({
    action: 'update',
    entity: 'product',
    entityId: product,
    changes: { quantity: { before, after } },
  });
const countMovement = (id: string) => ({
  id,
  productId: product,
  destinationProductId: product,
  transferQuantity: 1,
  reason: 'stock count',
});

describe('the chaos checker over print jobs and stock counts', () => {
  it('passes print jobs applied once or refused and a count applied once', () => {
    const history = withPrintingAndCount();
    const result = checkHistory(history);
    expect(result.violations).toEqual([]);
    // 2 orders + 2 print jobs + a count start and submission + the admin's apply.
    expect(result.figures).toEqual({ issued: 7, applied: 5, refused: 2, unknown: 0 });
    expect(reportLines(history, result).join('\n')).toContain('print jobs 2');
  });

  it('fails a doubled print job (one submission, two jobs on the server)', () => {
    const history = withPrintingAndCount();
    history.server.printJobs.push({
      id: 'j-1-again',
      userId: printer,
      quantity: 100,
      price: 300,
      receiptNumber: 'PR-000002',
      version: 1,
      deletedAt: null,
    });
    const messages = checkHistory(history).violations.map((v) => `${v.rule} ${v.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringMatching(/^a print job j-1-again .*never issued/)]),
    );
  });

  it('fails a print job lost with its outbox entry still pending', () => {
    const history = withPrintingAndCount();
    history.server.printJobs = [];
    at(history.mirrors, 1).printJobs = [];
    history.outboxes['printing-1']?.push({
      id: 'k-j1',
      kind: 'printing.create',
      entityId: 'j-1',
      status: 'pending',
    });
    const messages = checkHistory(history).violations.map((v) => v.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('still pending'),
        expect.stringContaining('print job j-1 by printing-1 lost'),
      ]),
    );
  });

  it('fails a printing mirror that lacks the server receipt number', () => {
    const history = withPrintingAndCount();
    at(history.mirrors, 1).printJobs = [{ _id: 'j-1', quantity: 100, receiptNumber: null }];
    expect(rulesOf(history)).toEqual(['d']);
  });

  it('fails a count applied twice (two stock-count adjustments for one line)', () => {
    const history = withPrintingAndCount();
    // The trail adds up (8 → 7 → 6), so only the count rule can see the second apply.
    history.server.audit.push(countApplied(7, 6));
    history.server.movements.push(countMovement('m-2'));
    at(history.server.products, 0).quantity = 6;
    at(history.mirrors, 0).products = [
      { _id: product, name: 'Hammer', price: 500, quantity: 6, version: 3 },
    ];
    const violations = checkHistory(history).violations;
    expect(violations.map((v) => v.rule)).toEqual(['a']);
    expect(violations[0]?.message).toContain('applied twice');
  });

  it('fails a count adjustment the trail cannot explain (rule b replays counts)', () => {
    const history = withPrintingAndCount();
    const applied = history.server.audit.at(-1);
    if (applied) applied.changes = { quantity: { before: 9, after: 7 } };
    expect(rulesOf(history)).toEqual(['b']);
  });

  it('fails a submitted count the server never received', () => {
    const history = withPrintingAndCount();
    history.adminCountApplies = [];
    history.server.movements = [];
    history.server.audit.pop();
    at(history.server.products, 0).quantity = 8;
    at(history.mirrors, 0).products = [
      { _id: product, name: 'Hammer', price: 500, quantity: 8, version: 3 },
    ];
    history.server.counts = [
      { ...at(history.server.counts, 0), status: 'open', submittedAt: null, closedAt: null },
    ];
    history.server.countLines = [
      { countId: 'c-1', productId: product, counted: null, adjustment: null },
    ];
    const messages = checkHistory(history).violations.map((v) => v.message);
    expect(messages).toEqual([expect.stringMatching(/^count submit of Shelf \(c-1\).* lost/)]);
  });

  it('fails a count whose status disagrees with its stamps', () => {
    const history = withPrintingAndCount();
    history.server.counts = [{ ...at(history.server.counts, 0), closedAt: null }];
    const messages = checkHistory(history).violations.map((v) => v.message);
    expect(messages).toEqual([expect.stringContaining('is applied with submittedAt')]);
  });
});
