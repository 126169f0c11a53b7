import { DataList } from '@chakra-ui/react';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import type { ProductRecord } from '../../db/database.ts';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import { useT, type TranslateFn } from '../../i18n/i18n.tsx';
import { conditionLook } from './stock-badge.tsx';

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

/** The department's extra product fields (godown location/condition, animal-feeding nutrients). */
export function ProductExtraFields({
  descriptor,
  product,
}: {
  descriptor: DepartmentDescriptor;
  product: ProductRecord;
}) {
  const t = useT();
  return descriptor.extraFields.map((field) => (
    <DataList.Item key={field}>
      <DataList.ItemLabel>{t(extraFieldLabels[field])}</DataList.ItemLabel>
      <DataList.ItemValue>{extraFieldText(field, product, descriptor, t)}</DataList.ItemValue>
    </DataList.Item>
  ));
}
