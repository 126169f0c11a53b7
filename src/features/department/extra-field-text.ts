import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import type { ProductRecord } from '../../db/database.ts';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import type { TranslateFn } from '../../i18n/i18n.tsx';
import { conditionLook } from './stock-badge-look.ts';

// Apart from ProductExtraFields (Chakra): the department home's plain cards and rows use these
// (decision 0045).
type ExtraField = DepartmentDescriptor['extraFields'][number];

export const extraFieldLabels = {
  location: 'catalog.field.location',
  condition: 'catalog.field.condition',
  nutrients: 'catalog.field.nutrients',
} as const satisfies Record<ExtraField, MessageKey>;

/**
 * What an extra field shows: the condition in the UI language (derived from the quantity, see
 * `conditionLook`), the typed-in fields as stored, a dash when missing.
 */
export function extraFieldText(
  field: ExtraField,
  product: ProductRecord,
  descriptor: DepartmentDescriptor,
  t: TranslateFn,
): string {
  if (field === 'condition') return t(conditionLook(product, descriptor).labelKey);
  return product[field] ?? '—';
}
