import { Box, Stack, Text } from '@chakra-ui/react';
import { formatTsh } from '../../domain/money.ts';
import type { EditConflict, EditValue, ProductEditField } from '../../domain/product-edit-merge.ts';
import type { MessageKey } from '../i18n/dictionaries.ts';
import { useT } from '../i18n/i18n.tsx';

/** The label of each edit field, the same words as the edit form's. */
const fieldLabels: Record<ProductEditField, MessageKey> = {
  name: 'catalog.field.name',
  description: 'catalog.field.description',
  price: 'catalog.field.price',
  quantity: 'catalog.field.quantity',
  location: 'catalog.field.location',
  nutrients: 'catalog.field.nutrients',
  barcode: 'inventory.field.barcode',
  reorderLevel: 'inventory.field.reorderLevel',
};

/**
 * The fields of a refused edit that someone else changed to other values meanwhile (decision
 * 0025), each with both values: what the server holds now and what this tablet sent, so the user
 * can choose between "Keep theirs" and "Apply mine again" knowing what each keeps.
 */
export function EditConflictValues({ conflict }: { conflict: EditConflict }) {
  const t = useT();
  const shown = (field: ProductEditField, value: EditValue): string => {
    if (value === null || value === '') return t('syncStatus.conflict.none');
    return field === 'price' && typeof value === 'number' ? formatTsh(value) : String(value);
  };
  return (
    <Stack as="ul" gap="1" mt="1" listStyleType="none" data-testid="edit-conflict">
      {conflict.fields.map(({ field, mine, theirs }) => (
        <Box as="li" key={field} fontSize="sm">
          <Text fontWeight="semibold">{t(fieldLabels[field])}</Text>
          <Text>{t('syncStatus.conflict.theirs', { value: shown(field, theirs) })}</Text>
          <Text>{t('syncStatus.conflict.mine', { value: shown(field, mine) })}</Text>
        </Box>
      ))}
    </Stack>
  );
}
