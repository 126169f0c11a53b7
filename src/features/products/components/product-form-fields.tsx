import { Field, Input, Text, Textarea } from '@chakra-ui/react';
import type { DepartmentDescriptor } from '../../../../domain/departments.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';

/** The text fields of the product forms, as typed (numbers stay strings until validated). */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  quantity: string;
  nutrients: string;
  location: string;
  /** Optional on every department (domain/inventory-fields.ts): blank means none / the default. */
  barcode: string;
  reorderLevel: string;
}

export type ProductFormField = keyof ProductFormValues | 'image';
export type ProductFormErrors = Partial<Record<ProductFormField, string>>;

export const emptyProductForm: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  quantity: '',
  nutrients: '',
  location: '',
  barcode: '',
  reorderLevel: '',
};

const labels = {
  name: 'catalog.field.name',
  description: 'catalog.field.description',
  price: 'catalog.field.priceTsh',
  quantity: 'catalog.field.quantity',
  nutrients: 'catalog.field.nutrients',
  location: 'catalog.field.location',
  barcode: 'inventory.field.barcode',
  reorderLevel: 'inventory.field.reorderLevel',
} as const satisfies Record<keyof ProductFormValues, MessageKey>;

/** Fields a product may go without (issue 15); every other field is required. */
const optionalFields: ReadonlySet<keyof ProductFormValues> = new Set(['barcode', 'reorderLevel']);

/** Which text fields a department's product form has, from its descriptor. */
export function productFormFields(
  descriptor: Pick<DepartmentDescriptor, 'extraFields'>,
): (keyof ProductFormValues)[] {
  const fields: (keyof ProductFormValues)[] = ['name', 'description', 'price', 'quantity'];
  if (descriptor.extraFields.includes('nutrients')) fields.push('nutrients');
  if (descriptor.extraFields.includes('location')) fields.push('location');
  fields.push('barcode', 'reorderLevel');
  return fields;
}

/** The field named by the first issue of a zod error ('price' for path ['price']). */
export function fieldOfIssue(path: readonly PropertyKey[]): ProductFormField | null {
  const first = path[0];
  const known: readonly string[] = [
    'name',
    'description',
    'price',
    'quantity',
    'nutrients',
    'location',
    'barcode',
    'reorderLevel',
    'image',
  ];
  return typeof first === 'string' && known.includes(first) ? (first as ProductFormField) : null;
}

/**
 * The labelled inputs of the upload and edit forms. `errors` hold English domain messages
 * (translated here); the parent clears a field's error when that field changes.
 */
export function ProductFormFields({
  fields,
  values,
  errors,
  onChange,
  disabled,
  defaultReorderLevel,
}: {
  fields: readonly (keyof ProductFormValues)[];
  values: ProductFormValues;
  errors: ProductFormErrors;
  onChange: (field: keyof ProductFormValues, value: string) => void;
  disabled?: boolean;
  /** The department's low-stock threshold: what a blank reorder level means. */
  defaultReorderLevel: number;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  return fields.map((field) => {
    const error = errors[field];
    const multiline = field === 'description' || field === 'nutrients';
    const numeric = field === 'price' || field === 'quantity' || field === 'reorderLevel';
    const optional = optionalFields.has(field);
    return (
      <Field.Root key={field} invalid={Boolean(error)} required={!optional} disabled={disabled}>
        <Field.Label>
          {t(labels[field])}
          <Field.RequiredIndicator
            fallback={
              optional ? (
                <Text as="span" color="fg.muted" fontWeight="normal">
                  {t('inventory.field.optional')}
                </Text>
              ) : undefined
            }
          />
        </Field.Label>
        {multiline ? (
          <Textarea
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            rows={3}
          />
        ) : (
          <Input
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            type={numeric ? 'number' : 'text'}
            inputMode={numeric ? 'numeric' : undefined}
            autoComplete={field === 'barcode' ? 'off' : undefined}
            min={numeric ? 0 : undefined}
            step={numeric ? 1 : undefined}
          />
        )}
        {field === 'reorderLevel' ? (
          <Field.HelperText>
            {t('inventory.field.reorderLevelHelp', { count: defaultReorderLevel })}
          </Field.HelperText>
        ) : null}
        {error ? <Field.ErrorText>{translateMessage(error)}</Field.ErrorText> : null}
      </Field.Root>
    );
  });
}
