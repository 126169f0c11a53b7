import type { AuditEntity, AuditEntryJson } from '../../../../domain/audit.ts';
import { isDepartmentId } from '../../../../domain/departments.ts';
import type { GodownCondition } from '../../../../domain/stock.ts';
import { businessDateTime, type Cell, type Sheet } from '../../../../domain/sheet.ts';
import { isAuditKey, type AuditT } from '../../../i18n/admin-section-t.ts';
import { departmentName } from '../../../i18n/department-name.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';
import { isMessageKey } from '../../../i18n/translate.ts';

/**
 * How the audit trail's recorded values read, on the screen and in the CSV. Values are whatever
 * the server stored for a field (text, number, boolean, null, now and then an object), so each
 * is turned into text here and never rendered as HTML.
 */

/** The server's stand-ins for a secret field (domain/audit.ts `changedFields`). */
const hiddenValue = '(hidden)';
const changedValue = '(changed)';

/** A value as text; null for none (null, undefined, ''), which the screen shows as '(empty)'. */
export function auditValueText(value: unknown, t: AuditT): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === hiddenValue) return t('audit.value.hidden');
  if (value === changedValue) return t('audit.value.changed');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const conditionKeys: Record<GodownCondition, MessageKey> = {
  new: 'catalog.condition.new',
  'low stock': 'catalog.condition.low',
  'out of stock': 'catalog.condition.out',
};

/**
 * The dictionary key of a stored code other screens already name, if `value` is one (a role, a
 * godown condition, a print job's category, a status).
 */
function codeKey(entity: AuditEntity, field: string, value: string): MessageKey | undefined {
  if (field === 'role' && (value === 'admin' || value === 'manager' || value === 'employee')) {
    return `users.role.${value}`;
  }
  if (field === 'condition' && Object.hasOwn(conditionKeys, value)) {
    return conditionKeys[value as GodownCondition];
  }
  if (entity === 'printing-order' && field === 'category') {
    const categoryKey = `printing.category.${value}`;
    return isMessageKey(categoryKey) ? categoryKey : undefined;
  }
  if (field !== 'status') return undefined;
  // A count's status, an order's or a print job's ('pending'), as their own screens name them.
  const statusKey =
    entity === 'stock-count' ? `stockCounts.status.${value}` : `catalog.orderStatus.${value}`;
  if (entity === 'stock-count' || entity === 'order' || entity === 'printing-order') {
    return isMessageKey(statusKey) ? statusKey : undefined;
  }
  return undefined;
}

/**
 * A value as the screen shows it: the stored codes every screen already names (a department, a
 * role, a godown condition, a count's status) in the current language, everything else as
 * `auditValueText`. The CSV keeps the codes, so a sheet filters the same in either language.
 */
export function auditDisplayValue(
  entity: AuditEntity,
  field: string,
  value: unknown,
  t: AuditT,
  appT: TranslateFn,
): string | null {
  if ((field === 'category' || field === 'department') && isDepartmentId(value)) {
    return departmentName(appT, value);
  }
  const key = typeof value === 'string' ? codeKey(entity, field, value) : undefined;
  return key ? appT(key) : auditValueText(value, t);
}

/**
 * A field's name in the current language when the dictionary knows it (the entity's own name for
 * it first: a print job's category is its kind of work, a user's is a department), else as
 * recorded.
 */
export function auditFieldLabel(field: string, t: AuditT, entity?: AuditEntity): string {
  const ownKey = `audit.fieldName.${entity}.${field}`;
  if (entity !== undefined && isAuditKey(ownKey)) return t(ownKey);
  const key = `audit.fieldName.${field}`;
  return isAuditKey(key) ? t(key) : field;
}

export interface AuditChangeRow {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** An entry's changed fields in a stable order (by field name). */
export function auditChangeRows(entry: AuditEntryJson, t: AuditT): AuditChangeRow[] {
  return Object.keys(entry.changes)
    .sort()
    .map((field) => ({
      field,
      label: auditFieldLabel(field, t, entry.entity),
      before: entry.changes[field]?.before ?? null,
      after: entry.changes[field]?.after ?? null,
    }));
}

function cellOf(value: unknown, t: AuditT): Cell {
  // Numbers stay numbers in the sheet; everything else is text (formula-neutralised by the writer).
  return typeof value === 'number' ? value : (auditValueText(value, t) ?? '');
}

/**
 * The CSV sheet: one line per changed field (an entry without recorded fields still gets one),
 * times in the business time zone like every other export, and the field's name as recorded so
 * a sheet can be filtered on it in any language.
 */
export function auditSheet(
  entries: readonly AuditEntryJson[],
  t: AuditT,
  departmentLabel: (id: string) => string,
): Sheet {
  const header: Cell[] = [
    t('audit.csv.entry'),
    t('audit.csv.serverTime'),
    t('audit.csv.tabletTime'),
    t('audit.csv.user'),
    t('audit.csv.action'),
    t('audit.csv.entity'),
    t('audit.csv.entityId'),
    t('audit.csv.department'),
    t('audit.csv.field'),
    t('audit.csv.before'),
    t('audit.csv.after'),
  ];
  const rows: Sheet = [header];
  for (const entry of entries) {
    const common: Cell[] = [
      entry._id,
      businessDateTime(entry.at),
      entry.madeAt ? businessDateTime(entry.madeAt) : '',
      entry.userEmail,
      t(`audit.action.${entry.action}`),
      t(`audit.entity.${entry.entity}`),
      entry.entityId,
      entry.department ? departmentLabel(entry.department) : '',
    ];
    const changes = Object.keys(entry.changes).sort();
    if (changes.length === 0) rows.push([...common, '', '', '']);
    for (const field of changes) {
      const change = entry.changes[field];
      rows.push([...common, field, cellOf(change?.before, t), cellOf(change?.after, t)]);
    }
  }
  return rows;
}
