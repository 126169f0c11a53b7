import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { BarcodeLookup } from '../../department/barcode-lookup.tsx';
import { useDepartment } from '../../department/use-department.ts';

/** Most products listed under the search at once: a tap target each, never a wall of rows. */
const shownMax = 12;

/**
 * Adding to the basket: a scan or a typed barcode (the department's BarcodeLookup, offline), or
 * a search by the department's search fields with a button per product to tap.
 */
export function ProductPicker({
  dept,
  products,
  onAdd,
}: {
  dept: ProductDepartmentId;
  products: readonly ProductRecord[];
  onAdd: (product: ProductRecord) => void | Promise<void>;
}) {
  const t = useT();
  const { descriptor } = useDepartment(dept);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const matches = filterBySearch(products, query, descriptor.searchFields).slice(0, shownMax);
  return (
    <Stack gap="4">
      <BarcodeLookup dept={dept} onFound={onAdd} />
      <Field.Root maxW="md">
        <Field.Label htmlFor={searchId}>{t('sales.search.label')}</Field.Label>
        <Input
          id={searchId}
          type="search"
          value={query}
          placeholder={t('sales.search.placeholder')}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </Field.Root>
      {matches.length === 0 ? (
        <Text color="fg.muted">{t('sales.search.noMatch', { query: query.trim() })}</Text>
      ) : (
        <Box
          as="ul"
          listStyleType="none"
          display="grid"
          gap="2"
          gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}
        >
          {matches.map((product) => (
            <HStack
              as="li"
              key={product._id}
              justify="space-between"
              borderWidth="1px"
              rounded="md"
              p="2"
              gap="3"
            >
              <Stack gap="0">
                <Text fontWeight="medium">{product.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatTsh(product.price)} ·{' '}
                  {t('sales.search.inStock', { count: product.quantity })}
                </Text>
              </Stack>
              <Button
                size="sm"
                minH="44px"
                colorPalette="blue"
                variant="outline"
                disabled={product.quantity < 1}
                aria-label={t('sales.search.addLabel', { name: product.name })}
                onClick={() => void onAdd(product)}
              >
                {t('sales.search.add')}
              </Button>
            </HStack>
          ))}
        </Box>
      )}
    </Stack>
  );
}
