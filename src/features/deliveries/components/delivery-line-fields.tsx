import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Text,
} from '@chakra-ui/react';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import '../../../i18n/screen-words-deliveries.ts';

/** A line of the form as typed (numbers as text until saved). */
export type LineDraft =
  | { key: string; kind: 'existing'; productId: string; quantity: string }
  | {
      key: string;
      kind: 'new';
      name: string;
      description: string;
      price: string;
      quantity: string;
      location: string;
      /** Filled when the line began with a scan of a code no product has. */
      barcode: string;
    };

export function emptyLine(kind: LineDraft['kind'], key: string): LineDraft {
  return kind === 'existing'
    ? { key, kind, productId: '', quantity: '' }
    : { key, kind, name: '', description: '', price: '', quantity: '', location: '', barcode: '' };
}

/** The products of the selector: by name, then location, each saying where it is and how many. */
export function productChoices(products: readonly ProductRecord[]): ProductRecord[] {
  return [...products].sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      (a.location ?? '').localeCompare(b.location ?? '', 'en', { sensitivity: 'base' }),
  );
}

/**
 * One line of a delivery: an existing product (chosen with its location and stock, since in the
 * godown a product is its stock at one place) and the quantity received, or a new product with
 * the godown's fields and where it was put.
 */
export function DeliveryLineFields({
  line,
  number,
  products,
  disabled,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  number: number;
  products: readonly ProductRecord[];
  disabled: boolean;
  onChange: (line: LineDraft) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const id = `line-${line.key}`;
  const quantity = (
    <Field.Root required>
      <Field.Label htmlFor={`${id}-quantity`}>{t('deliveries.form.quantity')}</Field.Label>
      <Input
        id={`${id}-quantity`}
        type="number"
        inputMode="numeric"
        min={1}
        minH="44px"
        value={line.quantity}
        disabled={disabled}
        onChange={(event) => onChange({ ...line, quantity: event.target.value })}
      />
    </Field.Root>
  );
  return (
    <Box
      as="fieldset"
      borderWidth="1px"
      rounded="md"
      p="4"
      aria-label={
        line.kind === 'new'
          ? t('deliveries.form.newProductTitle', { number })
          : t('deliveries.form.lineTitle', { number })
      }
    >
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Text as="legend" fontWeight="semibold">
          {line.kind === 'new'
            ? t('deliveries.form.newProductTitle', { number })
            : t('deliveries.form.lineTitle', { number })}
        </Text>
        <Button
          variant="outline"
          colorPalette="red"
          size="sm"
          minH="44px"
          disabled={disabled}
          onClick={onRemove}
        >
          {t('deliveries.form.removeLine', { number })}
        </Button>
      </HStack>
      {line.kind === 'existing' ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root required>
            <Field.Label htmlFor={`${id}-product`}>{t('deliveries.form.product')}</Field.Label>
            <NativeSelect.Root disabled={disabled}>
              <NativeSelect.Field
                id={`${id}-product`}
                minH="44px"
                value={line.productId}
                onChange={(event) => onChange({ ...line, productId: event.target.value })}
              >
                <option value="">{t('deliveries.form.chooseProduct')}</option>
                {products.map((product) => (
                  <option key={product._id} value={product._id}>
                    {t('deliveries.form.productOption', {
                      name: product.name,
                      location: product.location ?? '—',
                      quantity: product.quantity,
                    })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {quantity}
        </SimpleGrid>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {(
            [
              ['name', 'catalog.field.name', 'text'],
              ['description', 'catalog.field.description', 'text'],
              ['price', 'catalog.field.price', 'number'],
              ['location', 'deliveries.form.location', 'text'],
              ['barcode', 'deliveries.form.barcode', 'text'],
            ] as const
          ).map(([field, labelKey, type]) => (
            <Field.Root required={field !== 'barcode'} key={field}>
              <Field.Label htmlFor={`${id}-${field}`}>{t(labelKey)}</Field.Label>
              <Input
                id={`${id}-${field}`}
                type={type}
                inputMode={type === 'number' ? 'numeric' : undefined}
                minH="44px"
                value={line[field]}
                disabled={disabled}
                onChange={(event) => onChange({ ...line, [field]: event.target.value })}
              />
            </Field.Root>
          ))}
          {quantity}
        </SimpleGrid>
      )}
    </Box>
  );
}
