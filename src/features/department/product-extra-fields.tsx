import { DataList } from '@chakra-ui/react';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import type { ProductRecord } from '../../db/database.ts';
import { useT } from '../../i18n/i18n.tsx';
import { extraFieldLabels, extraFieldText } from './extra-field-text.ts';

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
