import { auditEntities, type AuditEntity } from '../../../../domain/audit.ts';
import {
  addCivilDays,
  parseCivilDate,
  startOfCivilDay,
} from '../../../../domain/business-period.ts';
import { businessTimeZone } from '../../../../domain/company.ts';
import { isDepartmentId, type DepartmentId } from '../../../../domain/departments.ts';

/**
 * What the admin chose on the audit screen, as the form holds it ('' = any), and its mapping to
 * GET /audit's query (domain/audit.ts). Days are whole days in the business time zone, like the
 * reports' (domain/business-period.ts), not the tablet's zone or UTC.
 */
export interface AuditFilters {
  userId: string;
  entity: AuditEntity | '';
  entityId: string;
  department: DepartmentId | '';
  /** 'YYYY-MM-DD' (a date input's value) or ''. */
  fromDay: string;
  toDay: string;
}

export const emptyAuditFilters: AuditFilters = {
  userId: '',
  entity: '',
  entityId: '',
  department: '',
  fromDay: '',
  toDay: '',
};

export type AuditSearchParams = Record<string, string | number>;

export type AuditQueryResult =
  { ok: true; params: AuditSearchParams } | { ok: false; problem: 'badRange' };

export function isAuditEntity(value: string): value is AuditEntity {
  return (auditEntities as readonly string[]).includes(value);
}

/** The select's value as a department, '' for any. */
export function departmentFilterOf(value: string): DepartmentId | '' {
  return isDepartmentId(value) ? value : '';
}

/**
 * The query for one page. `from` is the first instant of the first day; `to` the last
 * millisecond of the last day, because the server's `to` is inclusive and an entry stamped at
 * the next midnight belongs to the next day. An unreadable day (a browser without a date
 * picker lets one be typed) is left out rather than guessed.
 */
export function auditQueryOf(
  filters: AuditFilters,
  page: { limit: number; cursor?: string | null },
  timeZone: string = businessTimeZone,
): AuditQueryResult {
  const params: AuditSearchParams = { limit: page.limit };
  if (filters.userId) params.userId = filters.userId;
  if (filters.entity) params.entity = filters.entity;
  const entityId = filters.entityId.trim();
  if (entityId) params.entityId = entityId;
  if (filters.department) params.department = filters.department;
  const first = parseCivilDate(filters.fromDay);
  const last = parseCivilDate(filters.toDay);
  if (first && last && filters.toDay < filters.fromDay) return { ok: false, problem: 'badRange' };
  if (first) params.from = startOfCivilDay(first, timeZone).toISOString();
  if (last) {
    const next = startOfCivilDay(addCivilDays(last, 1), timeZone);
    params.to = new Date(next.getTime() - 1).toISOString();
  }
  if (page.cursor) params.cursor = page.cursor;
  return { ok: true, params };
}
