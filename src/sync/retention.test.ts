import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../db/database.ts';
import { pullDepartment } from './pull.ts';
import { mirrorList, registerOfflineEntities } from './registry.ts';
import { pruneMirror, retentionDays, setRetentionDays } from './retention.ts';
import {
  crateEntities,
  DatabaseWithCrates,
  ticketEntities,
  type TicketRecord,
} from '../../tests/support/made-up-entities.ts';
import { baseUrl, fakeFetch, json, signIn, type FakeHandler } from '../../tests/support/sync.ts';

// Made-up lists (tests/support/made-up-entities.ts): 'tickets' keep 30 days, 'crates' everything.
registerOfflineEntities([crateEntities, ticketEntities]);

const serverTime = () => new Date('2026-11-28T10:00:00Z');
/** 30 days before serverTime, from its UTC midnight (domain/created-range.ts windowStart). */
const windowStartsAt = '2026-10-29T00:00:00.000Z';

let db: DatabaseWithCrates;

beforeEach(async () => {
  db = new DatabaseWithCrates();
  await signIn(db);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

function ticket(id: string, issuedAt: string, department = 'hardware'): TicketRecord {
  return { _id: id, department, note: `Ticket ${id}`, issuedAt };
}

function wire({ _id, note, issuedAt }: TicketRecord) {
  return { _id, note, issuedAt };
}

/** A server handing out `tickets` of hardware in one page, and nothing of any other list. */
function ticketServer(tickets: TicketRecord[], etag = 'W/"tickets-1"'): FakeHandler {
  return ({ path }) => {
    if (path !== 'hardware/tickets')
      return json(200, { items: [], deleted: [], cursor: 'c0', more: false });
    return new Response(
      JSON.stringify({ items: tickets.map(wire), deleted: [], cursor: 'c1', more: false }),
      { status: 200, headers: { 'content-type': 'application/json', etag } },
    );
  };
}

function pull(handler: FakeHandler) {
  const server = fakeFetch(handler);
  return {
    server,
    result: pullDepartment('hardware', { db, fetch: server.fetch, baseUrl, serverTime }),
  };
}

function entry(id: string, status: OutboxEntry['status'], touches: string[]): OutboxEntry {
  return {
    id,
    userId: 'user-alice',
    method: 'POST',
    path: 'hardware/tickets',
    body: {},
    createdAt: 1,
    attempts: 0,
    status,
    touches,
  };
}

const tickets = () => db.table<TicketRecord, string>('tickets');

describe('a list with a retention window', () => {
  it('asks only for rows inside the window and keeps none dated before it', async () => {
    // A server that ignores the parameter still sends an old row: it is not kept.
    const { server, result } = pull(
      ticketServer([
        ticket('t-new', '2026-11-20T08:00:00.000Z'),
        ticket('t-old', '2026-09-01T08:00:00.000Z'),
      ]),
    );
    expect(await result).toMatchObject({ status: 'ok' });
    const asked = server.requests.find((request) => request.path === 'hardware/tickets');
    expect(asked?.search.get('issuedSince')).toBe(windowStartsAt);
    expect(asked?.search.get('updatedSince')).toBe('0');
    expect((await tickets().toArray()).map((row) => row._id)).toEqual(['t-new']);
    // A list without a rule is asked for everything, as before.
    const crates = server.requests.find((request) => request.path === 'hardware/crates');
    expect([...(crates?.search.keys() ?? [])].sort()).toEqual(['limit', 'updatedSince']);
  });

  it('keeps an old row the server sends when a refused write still waits on it', async () => {
    await db.outbox.put(entry('e-refused', 'failed', ['t-refused']));
    const old = ticket('t-refused', '2026-09-01T08:00:00.000Z');
    expect(
      await pull(ticketServer([old, ticket('t-gone', '2026-09-02T08:00:00.000Z')])).result,
    ).toMatchObject({ status: 'ok' });
    expect((await tickets().toArray()).map((row) => row._id)).toEqual(['t-refused']);
  });

  it('prunes rows that aged out, but never one a write waiting to sync or refused touches', async () => {
    await tickets().bulkPut([
      ticket('t-aged', '2026-10-01T08:00:00.000Z'),
      ticket('t-pending', '2026-09-01T08:00:00.000Z'),
      ticket('t-refused', '2026-09-02T08:00:00.000Z'),
      ticket('t-done', '2026-09-03T08:00:00.000Z'),
      ticket('t-recent', '2026-11-01T08:00:00.000Z'),
      ticket('t-other-dept', '2026-09-01T08:00:00.000Z', 'stationery'),
    ]);
    await db.outbox.bulkPut([
      entry('e-pending', 'pending', ['t-pending']),
      entry('e-refused', 'failed', ['t-refused']),
      entry('e-done', 'done', ['t-done']),
    ]);
    expect(await pull(ticketServer([])).result).toMatchObject({ status: 'ok' });
    expect((await tickets().toArray()).map((row) => row._id).sort()).toEqual([
      't-other-dept',
      't-pending',
      't-recent',
      't-refused',
    ]);
  });

  it('prunes a long tail chunk by chunk, reading past kept rows at its old end', async () => {
    const old = Array.from({ length: 95 }, (_, index) =>
      ticket(
        `t-${String(index).padStart(3, '0')}`,
        `2026-01-01T00:00:${String(index % 60).padStart(2, '0')}.000Z`,
      ),
    );
    await tickets().bulkPut(old);
    // The three oldest wait to sync: a chunk that read only them would stop too early.
    await db.outbox.put(entry('e-1', 'pending', ['t-000', 't-001', 't-060']));
    const list = mirrorList('tickets');
    if (!list) throw new Error('tickets not registered');
    expect(await pruneMirror(db, list, 'hardware', windowStartsAt, 10)).toBe(92);
    expect((await tickets().toArray()).map((row) => row._id).sort()).toEqual([
      't-000',
      't-001',
      't-060',
    ]);
  });

  it('keeps at most the newest rows the list caps it to, and a row waiting to sync beyond them', async () => {
    const recent = Array.from({ length: 80 }, (_, index) =>
      ticket(
        `t-${String(index).padStart(2, '0')}`,
        // Every ticket at its own minute, in an order other than their ids'.
        new Date(Date.UTC(2026, 10, 1) + ((index * 37) % 80) * 60_000).toISOString(),
      ),
    );
    await tickets().bulkPut(recent);
    const oldest = [...recent].sort((a, b) => (a.issuedAt < b.issuedAt ? -1 : 1));
    const waiting = oldest[0]?._id ?? '';
    await db.outbox.put(entry('e-1', 'pending', [waiting]));
    expect(await pull(ticketServer([])).result).toMatchObject({ status: 'ok' });
    const kept = (await tickets().toArray()).map((row) => row._id).sort();
    expect(kept).toHaveLength(50);
    expect(kept).toContain(waiting);
    const newest = oldest.slice(-49).map((row) => row._id);
    expect(kept).toEqual([waiting, ...newest].sort());
  });

  it('reads the list again from the start when the window grows, and goes on when it shrinks', async () => {
    const handler = ticketServer([ticket('t-new', '2026-11-20T08:00:00.000Z')]);
    await pull(handler).result;
    const list = mirrorList('tickets');
    if (!list) throw new Error('tickets not registered');
    expect(await retentionDays(list, db)).toBe(30);

    await setRetentionDays('tickets', 10, db);
    const narrower = pull(handler);
    await narrower.result;
    const asked = narrower.server.requests.find((request) => request.path === 'hardware/tickets');
    expect(asked?.search.get('updatedSince')).toBe('c1');
    expect(asked?.headers.get('if-none-match')).toBe('W/"tickets-1"');
    expect(asked?.search.get('issuedSince')).toBe('2026-11-18T00:00:00.000Z');

    await setRetentionDays('tickets', 90, db);
    const wider = pull(handler);
    await wider.result;
    const again = wider.server.requests.find((request) => request.path === 'hardware/tickets');
    expect(again?.search.get('updatedSince')).toBe('0');
    expect(again?.headers.get('if-none-match')).toBeNull();
    expect(again?.search.get('issuedSince')).toBe('2026-08-30T00:00:00.000Z');
  });

  it('takes only a whole number of days in range as the setting', async () => {
    await expect(setRetentionDays('tickets', 0, db)).rejects.toThrow(RangeError);
    await expect(setRetentionDays('tickets', 1.5, db)).rejects.toThrow(RangeError);
  });
});
