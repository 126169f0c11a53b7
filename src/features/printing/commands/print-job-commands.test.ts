import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database.ts';
import { flushOutbox } from '../../../sync/flusher.ts';
import { pullDepartment } from '../../../sync/pull.ts';
import { retryFailed } from '../../../sync/retry.ts';
import { departmentsForSession } from '../../../sync/run-sync.ts';
import {
  baseUrl,
  dropDb,
  fakeFetch,
  json,
  rollBack,
  signIn,
  testDb,
} from '../../../../tests/support/sync.ts';
import { deletePrintJob } from './delete-print-job.ts';
import { editPrintJob } from './edit-print-job.ts';
import { submitPrintJob } from './submit-print-job.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;
let ids = 0;
const now = () => Date.UTC(2026, 1, 1, 10);
const uuid = () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`;
const deps = () => ({ db, now, uuid });

const printer = {
  _id: 'user-neema',
  email: 'neema@example.com',
  role: 'employee',
  category: 'printing',
} as const;

const job = {
  description: 'Wedding cards, gold foil',
  price: '1500',
  quantity: '200',
  contact: '0712 345 678',
  category: 'cards',
};

beforeEach(async () => {
  ids = 0;
  db = testDb();
  await signIn(db, printer);
});
afterEach(() => dropDb(db));

/** The server's answer to a POST: its number and its own total. */
function serverJob(body: Record<string, unknown>, receiptNumber = 'PR-000007') {
  const price = Number(body.price);
  const quantity = Number(body.quantity);
  return {
    ...body,
    receiptNumber,
    totalPrice: price * quantity,
    userId: printer._id,
    version: 1,
    createdAt: '2026-02-01T10:00:01.000Z',
    updatedAt: '2026-02-01T10:00:01.000Z',
  };
}

describe('submitPrintJob', () => {
  it('writes the job with its total and a queued POST carrying the client id, in one go', async () => {
    const { id, entryId } = await submitPrintJob(job, deps());
    expect(await db.printingOrders.get(id)).toMatchObject({
      department: 'printing',
      receiptNumber: null,
      description: 'Wedding cards, gold foil',
      price: 1500,
      quantity: 200,
      totalPrice: 300_000,
      contact: '+255712345678',
      category: 'cards',
      userId: printer._id,
      pendingOutboxId: entryId,
    });
    expect(await db.outbox.get(entryId)).toMatchObject({
      kind: 'printing.create',
      method: 'POST',
      path: 'printing/orders',
      userId: printer._id,
      body: {
        _id: id,
        description: 'Wedding cards, gold foil',
        price: 1500,
        quantity: 200,
        contact: '+255712345678',
        category: 'cards',
      },
    });
  });

  it("refuses what the server would refuse, with the spec's message, and queues nothing", async () => {
    await expect(submitPrintJob({ ...job, quantity: '0' }, deps())).rejects.toThrow(
      'Please fill in all fields with valid values.',
    );
    await expect(submitPrintJob({ ...job, description: ' ' }, deps())).rejects.toThrow(
      'Please fill in all fields with valid values.',
    );
    await expect(submitPrintJob({ ...job, contact: '12345' }, deps())).rejects.toThrow(
      'Enter a Tanzanian phone number',
    );
    expect(await db.printingOrders.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is sent, numbered by the server and reconciled from its answer, exactly once', async () => {
    const { id } = await submitPrintJob(job, deps());
    const server = fakeFetch(({ body }) => json(201, serverJob(body as Record<string, unknown>)));
    await flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.printingOrders.get(id)).toMatchObject({
      receiptNumber: 'PR-000007',
      totalPrice: 300_000,
      pendingOutboxId: null,
    });
  });

  it('keeps what was typed when the server refuses it: rolled back, retried as the same job', async () => {
    const { id, entryId } = await submitPrintJob(job, deps());
    await flushOutbox({
      db,
      fetch: fakeFetch(() => json(400, { message: 'Please fill in all fields with valid values.' }))
        .fetch,
      baseUrl,
      locks: null,
    });
    expect(await db.printingOrders.get(id)).toBeUndefined();
    const failed = await db.outbox.get(entryId);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed?.input).toMatchObject({ _id: id, description: job.description });

    await retryFailed(entryId, { quantity: 250 }, deps());
    expect(await db.printingOrders.get(id)).toMatchObject({ quantity: 250, totalPrice: 375_000 });
  });
});

describe('editPrintJob and deletePrintJob', () => {
  it('change the job at once and undo exactly that change', async () => {
    const placed = await submitPrintJob(job, deps());
    const edited = await editPrintJob(
      placed.id,
      { ...job, quantity: 100, contact: '+255 754 000 111' },
      deps(),
    );
    expect(await db.printingOrders.get(placed.id)).toMatchObject({
      quantity: 100,
      totalPrice: 150_000,
      contact: '+255754000111',
      pendingOutboxId: edited.entryId,
    });
    expect(await db.outbox.get(edited.entryId)).toMatchObject({
      method: 'PUT',
      path: `printing/orders/${placed.id}`,
      body: { quantity: 100, totalPrice: 150_000, price: 1500, category: 'cards' },
      dependsOn: [placed.entryId],
    });
    await rollBack(db, edited.entryId);
    expect(await db.printingOrders.get(placed.id)).toMatchObject({
      quantity: 200,
      totalPrice: 300_000,
      pendingOutboxId: placed.entryId,
    });

    const deleted = await deletePrintJob(placed.id, deps());
    expect(await db.printingOrders.get(placed.id)).toBeUndefined();
    expect(await db.outbox.get(deleted.entryId)).toMatchObject({ method: 'DELETE' });
    await rollBack(db, deleted.entryId);
    expect(await db.printingOrders.get(placed.id)).toMatchObject({ quantity: 200 });
  });

  it("report a job that is not there as 'Order not found'", async () => {
    await expect(editPrintJob('nope', job, deps())).rejects.toThrow('Order not found');
    await expect(deletePrintJob('nope', deps())).rejects.toThrow('Order not found');
  });
});

describe('the printing orders list', () => {
  it('is pulled for printing users from /printing/orders, page by page', async () => {
    expect(departmentsForSession(await db.session.get('current'))).toEqual(['printing']);
    const server = fakeFetch(() =>
      json(200, {
        items: [
          serverJob({ _id: 'j-1', ...job, price: 1500, quantity: 2, contact: '+255712345678' }),
        ],
        deleted: [],
        cursor: 'c1',
        more: false,
      }),
    );
    const result = await pullDepartment('printing', { db, fetch: server.fetch, baseUrl });
    expect(result).toMatchObject({ status: 'ok', printingOrders: 1 });
    expect(server.requests[0]?.path).toBe('printing/orders');
    expect(await db.printingOrders.get('j-1')).toMatchObject({
      receiptNumber: 'PR-000007',
      department: 'printing',
      totalPrice: 3000,
    });
  });
});
