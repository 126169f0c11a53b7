import { describe, expect, it } from 'vitest';
import type { AuditEntryJson, AuditPage } from '../../../../domain/audit.ts';
import type { OnlineResult } from '../../../api/admin-online-api.ts';
import type { AuditSearchParams } from './admin-audit-query.ts';
import { fetchAllAuditEntries } from './admin-audit-api.ts';

function entry(id: number): AuditEntryJson {
  return {
    _id: `e${id}`,
    at: '2026-11-20T08:00:00.000Z',
    madeAt: null,
    userId: 'u',
    userEmail: 'a@example.com',
    action: 'update',
    entity: 'product',
    entityId: 'p',
    department: 'hardware',
    changes: {},
  };
}

/** A server of `total` entries answering pages of `size`, cursor = next index. */
function fakeServer(total: number, size: number) {
  const asked: AuditSearchParams[] = [];
  const fetchPage = (params: AuditSearchParams): Promise<OnlineResult<AuditPage>> => {
    asked.push(params);
    const start = Number(params.cursor ?? 0);
    const end = Math.min(start + size, total);
    const entries = Array.from({ length: end - start }, (_, index) => entry(start + index));
    return Promise.resolve({
      ok: true,
      value: { entries, cursor: end < total ? String(end) : null },
    });
  };
  return { asked, fetchPage };
}

const queryOf = (cursor: string | null): AuditSearchParams =>
  cursor ? { limit: 2, entity: 'product', cursor } : { limit: 2, entity: 'product' };

describe('fetchAllAuditEntries', () => {
  it('follows the cursor to the last page and reports progress', async () => {
    const server = fakeServer(5, 2);
    const progress: number[] = [];
    const result = await fetchAllAuditEntries(queryOf, server.fetchPage, {
      onProgress: (count) => progress.push(count),
    });
    expect(result.ok && result.entries.map((item) => item._id)).toEqual([
      'e0',
      'e1',
      'e2',
      'e3',
      'e4',
    ]);
    expect(result.ok && result.capped).toBe(false);
    expect(progress).toEqual([2, 4, 5]);
    expect(server.asked.map((params) => params.cursor)).toEqual([undefined, '2', '4']);
    expect(server.asked.every((params) => params.entity === 'product')).toBe(true);
  });

  it('stops at the cap and says entries were left', async () => {
    const server = fakeServer(10, 2);
    const result = await fetchAllAuditEntries(queryOf, server.fetchPage, { max: 3 });
    expect(result.ok && result.entries.length).toBe(3);
    expect(result.ok && result.capped).toBe(true);
    expect(server.asked).toHaveLength(2);
  });

  it('is not capped when the last entry is exactly the cap', async () => {
    const result = await fetchAllAuditEntries(queryOf, fakeServer(4, 2).fetchPage, { max: 4 });
    expect(result.ok && result.capped).toBe(false);
  });

  it('answers the failure of any page', async () => {
    let calls = 0;
    const result = await fetchAllAuditEntries(queryOf, () => {
      calls += 1;
      return Promise.resolve(
        calls === 1
          ? { ok: true, value: { entries: [entry(0)], cursor: '1' } }
          : { ok: false, reason: 'http', status: 400, message: 'Invalid audit filter' },
      );
    });
    expect(result).toEqual({
      ok: false,
      reason: 'http',
      status: 400,
      message: 'Invalid audit filter',
    });
  });
});
