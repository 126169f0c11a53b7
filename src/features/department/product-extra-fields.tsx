import { DataList } from '@chakra-ui/react';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import type { ProductRecord } from '../../db/database.ts';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import { useT } from '../../i18n/i18n.tsx';

const labels = {
  location: 'catalog.field.location',
  condition: 'catalog.field.condition',
  nutrients: 'catalog.field.nutrients',
} as const satisfies Record<DepartmentDescriptor['extraFields'][number], MessageKey>;

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
      <DataList.ItemLabel>{t(labels[field])}</DataList.ItemLabel>
      <DataList.ItemValue>{product[field] ?? '—'}</DataList.ItemValue>
    </DataList.Item>
  ));
}
