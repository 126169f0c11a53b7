/**
 * The audit module's surface for other modules (docs/conventions.md, "Server modules"): who made
 * a change, and recording it in the caller's transaction (decision 0011).
 */
export {
  auditContextFor,
  auditContextOf,
  recordChange,
  systemAudit,
  type AuditContext,
  type ChangeRecord,
} from './record.ts';
