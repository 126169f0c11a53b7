import { z } from 'zod';
import { departmentIds } from './departments.ts';
import { queryWholeNumber } from './number-input.ts';

/**
 * The audit trail's contract (GET /api/v1/audit, admin only). One entry per change: who, when
 * (on the server and, for writes made offline, on the device), what, and the changed fields
 * before and after. Passwords are never recorded, only that one was changed.
 */
export const auditEntities = [
  'product',
  'order',
  'printing-order',
  'sale',
  'supplier',
  'delivery',
  'user',
  'settings',
  'stock-count',
  'support-message',
  'contact-message',
] as const;
export type AuditEntity = (typeof auditEntities)[number];
export const auditActions = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];

/** The header a client sends with a queued write: when the user made it (ISO 8601). */
export const madeAtHeader = 'x-made-at';

export const auditMessages = {
  badQuery: 'Invalid audit filter',
  badLimit: 'Invalid limit: use a whole number from 1 to 200',
} as const;

export const auditQuerySchema = z.object({
  entity: z.enum(auditEntities, { error: auditMessages.badQuery }).optional(),
  entityId: z.string().min(1).max(100, { error: auditMessages.badQuery }).optional(),
  userId: z.string().min(1).max(100, { error: auditMessages.badQuery }).optional(),
  department: z.enum(departmentIds, { error: auditMessages.badQuery }).optional(),
  /** Inclusive ISO instants. */
  from: z.iso.datetime({ error: auditMessages.badQuery }).optional(),
  to: z.iso.datetime({ error: auditMessages.badQuery }).optional(),
  cursor: z.string().max(200, { error: auditMessages.badQuery }).optional(),
  limit: queryWholeNumber({ min: 1, max: 200, message: auditMessages.badLimit }).default(50),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditChange {
  before: unknown;
  after: unknown;
}

export interface AuditEntryJson {
  _id: string;
  at: string;
  madeAt: string | null;
  userId: string;
  userEmail: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  department: string | null;
  changes: Record<string, AuditChange>;
}

export interface AuditPage {
  entries: AuditEntryJson[];
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  cursor: string | null;
}

/** Fields that change with every write and say nothing an auditor needs. */
const noise = new Set(['updatedAt', 'version', 'tokenVersion']);
const secret = new Set(['passwordHash']);

/**
 * The fields that differ between `before` and `after` (either may be null for a create or a
 * delete). A secret field is recorded as changed, never with its values.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (noise.has(key)) continue;
    const old = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    changes[key] = secret.has(key)
      ? { before: '(hidden)', after: '(changed)' }
      : { before: old, after: next };
  }
  return changes;
}
