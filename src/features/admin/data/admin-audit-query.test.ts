import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '../../../../domain/audit.ts';
import { auditQueryOf, emptyAuditFilters, type AuditFilters } from './admin-audit-query.ts';

const dar = 'Africa/Dar_es_Salaam';

function filters(change: Partial<AuditFilters>): AuditFilters {
  return { ...emptyAuditFilters, ...change };
}

describe('auditQueryOf', () => {
  it('asks for the page size only when nothing is chosen', () => {
    expect(auditQueryOf(emptyAuditFilters, { limit: 50 }, dar)).toEqual({
      ok: true,
      params: { limit: 50 },
    });
  });

  it('maps who, what, record id and department to the server filters', () => {
    const result = auditQueryOf(
      filters({ userId: 'u-1', entity: 'product', entityId: '  p-9 ', department: 'hardware' }),
      { limit: 50, cursor: 'abc' },
      dar,
    );
    expect(result).toEqual({
      ok: true,
      params: {
        limit: 50,
        userId: 'u-1',
        entity: 'product',
        entityId: 'p-9',
        department: 'hardware',
        cursor: 'abc',
      },
    });
  });

  it('turns days into whole days in the business time zone, both included', () => {
    const result = auditQueryOf(
      filters({ fromDay: '2026-11-20', toDay: '2026-11-21' }),
      { limit: 200 },
      dar,
    );
    // Dar es Salaam is UTC+3: its 20 November starts at 21:00 UTC the day before.
    expect(result).toEqual({
      ok: true,
      params: { limit: 200, from: '2026-11-19T21:00:00.000Z', to: '2026-11-21T20:59:59.999Z' },
    });
  });

  it('makes a query the server accepts', () => {
    const result = auditQueryOf(
      filters({ entity: 'user', department: 'godown', fromDay: '2026-01-01', toDay: '2026-01-01' }),
      { limit: 50, cursor: 'c' },
      dar,
    );
    if (!result.ok) throw new Error('expected a query');
    expect(auditQuerySchema.safeParse(result.params).success).toBe(true);
  });

  it('allows one side of the range alone', () => {
    expect(auditQueryOf(filters({ toDay: '2026-03-01' }), { limit: 5 }, 'UTC')).toEqual({
      ok: true,
      params: { limit: 5, to: '2026-03-01T23:59:59.999Z' },
    });
  });

  it('refuses a last day before the first', () => {
    expect(
      auditQueryOf(filters({ fromDay: '2026-11-21', toDay: '2026-11-20' }), { limit: 50 }, dar),
    ).toEqual({ ok: false, problem: 'badRange' });
  });

  it('leaves out a day that is not a real date and a null cursor', () => {
    expect(
      auditQueryOf(filters({ fromDay: '2026-02-30' }), { limit: 50, cursor: null }, dar),
    ).toEqual({ ok: true, params: { limit: 50 } });
  });
});
