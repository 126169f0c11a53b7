import { describe, expect, it } from 'vitest';
import type { AuditEntryJson } from '../../../../domain/audit.ts';
import { toCsv } from '../../../../domain/spreadsheet.ts';
import { translateAudit, type AuditT } from '../../../i18n/admin-section-t.ts';
import { translate } from '../../../i18n/translate.ts';
import {
  auditChangeRows,
  auditDisplayValue,
  auditSheet,
  auditValueText,
} from './admin-audit-values.ts';

const en: AuditT = (key, values) => translateAudit('en', key, values);
const sw: AuditT = (key, values) => translateAudit('sw', key, values);

const update: AuditEntryJson = {
  _id: 'e1',
  at: '2026-11-20T08:00:00.000Z',
  madeAt: '2026-11-20T07:58:00.000Z',
  userId: 'u1',
  userEmail: 'clerk@example.com',
  action: 'update',
  entity: 'product',
  entityId: 'p1',
  department: 'hardware',
  changes: {
    price: { before: 1500, after: 1800 },
    name: { before: 'Hammer', after: '=HYPERLINK("x")' },
  },
};

describe('audit values', () => {
  it('reads every kind of recorded value as text, none as empty', () => {
    expect(auditValueText(null, en)).toBeNull();
    expect(auditValueText('', en)).toBeNull();
    expect(auditValueText(0, en)).toBe('0');
    expect(auditValueText(false, en)).toBe('false');
    expect(auditValueText({ a: 1 }, en)).toBe('{"a":1}');
    expect(auditValueText('(hidden)', sw)).toBe('(imefichwa)');
    expect(auditValueText('(changed)', en)).toBe('(changed)');
  });

  it('names departments and roles in the language on the screen, other values as stored', () => {
    const appSw = (key: Parameters<typeof translate>[1]) => translate('sw', key);
    expect(auditDisplayValue('user', 'category', 'hardware', sw, appSw)).toBe('Vifaa vya Ujenzi');
    expect(auditDisplayValue('user', 'role', 'admin', sw, appSw)).toBe('Msimamizi');
    expect(auditDisplayValue('user', 'role', 'auditor', sw, appSw)).toBe('auditor');
    expect(auditDisplayValue('product', 'condition', 'low stock', sw, appSw)).toBe(
      'zimebaki chache',
    );
    expect(auditDisplayValue('stock-count', 'status', 'open', sw, appSw)).toBe('Inaendelea');
    expect(auditDisplayValue('order', 'status', 'open', sw, appSw)).toBe('open');
    // An order's or a print job's stored status, as the orders screens name it.
    expect(auditDisplayValue('order', 'status', 'pending', sw, appSw)).toBe('Inasubiri');
    expect(auditDisplayValue('printing-order', 'status', 'pending', sw, appSw)).toBe('Inasubiri');
    expect(auditDisplayValue('product', 'name', 'hardware', sw, appSw)).toBe('hardware');
  });

  it('lists the changed fields by name with their labels in the language', () => {
    expect(auditChangeRows(update, sw)).toEqual([
      { field: 'name', label: 'Jina', before: 'Hammer', after: '=HYPERLINK("x")' },
      { field: 'price', label: 'Bei', before: 1500, after: 1800 },
    ]);
    const unknown = { ...update, changes: { colour: { before: null, after: 'red' } } };
    expect(auditChangeRows(unknown, en)[0]?.label).toBe('colour');
  });

  it('writes one CSV line per changed field, times in Dar es Salaam, formulas neutralised', () => {
    const created: AuditEntryJson = {
      ...update,
      _id: 'e2',
      madeAt: null,
      action: 'delete',
      department: null,
      changes: {},
    };
    const sheet = auditSheet([update, created], en, (id) => `dept:${id}`);
    expect(sheet).toEqual([
      [
        'Entry',
        'Server time',
        'Time on the tablet',
        'User',
        'Action',
        'Record type',
        'Record id',
        'Department',
        'Field',
        'Before',
        'After',
      ],
      [
        'e1',
        '2026-11-20 11:00',
        '2026-11-20 10:58',
        'clerk@example.com',
        'Updated',
        'Product',
        'p1',
        'dept:hardware',
        'name',
        'Hammer',
        '=HYPERLINK("x")',
      ],
      [
        'e1',
        '2026-11-20 11:00',
        '2026-11-20 10:58',
        'clerk@example.com',
        'Updated',
        'Product',
        'p1',
        'dept:hardware',
        'price',
        1500,
        1800,
      ],
      [
        'e2',
        '2026-11-20 11:00',
        '',
        'clerk@example.com',
        'Deleted',
        'Product',
        'p1',
        '',
        '',
        '',
        '',
      ],
    ]);
    expect(toCsv(sheet)).toContain(`,name,Hammer,"'=HYPERLINK(""x"")"\r\n`);
  });
});
