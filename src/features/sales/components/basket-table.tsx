import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { formatTsh } from '../../../../domain/money.ts';
import { orderTotal } from '../../../../domain/orders.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { QuantityField } from '../../../components/quantity-field.tsx';
import type { ProductRecord, SaleDraftRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';

/** A basket line with its product from the mirror (undefined: the product is gone). */
export interface BasketLine {
  productId: string;
  quantity: number;
  product: ProductRecord | undefined;
}

export function basketLinesOf(
  draft: SaleDraftRecord['lines'],
  products: readonly ProductRecord[],
): BasketLine[] {
  const byId = new Map(products.map((product) => [product._id, product]));
  return draft.map((line) => ({ ...line, product: byId.get(line.productId) }));
}

/** Whether a line cannot be sold as it is: its product is gone or the mirror has fewer units. */
export function lineProblem(line: BasketLine): 'gone' | 'overStock' | null {
  if (!line.product) return 'gone';
  return line.quantity > line.product.quantity ? 'overStock' : null;
}

/** The basket's lines: quantity to change, line total, a warning over the stock, Remove. */
export function BasketTable({
  lines,
  disabled,
  onQuantity,
  onRemove,
}: {
  lines: readonly BasketLine[];
  disabled: boolean;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
}) {
  const t = useT();
  return (
    <DataTable
      label={t('sales.basket.heading')}
      columns={[
        t('sales.basket.col.product'),
        t('sales.basket.col.price'),
        t('sales.basket.col.quantity'),
        t('sales.basket.col.total'),
        t('sales.basket.col.actions'),
      ]}
    >
      {lines.map((line) => {
        const name = line.product?.name ?? line.productId;
        const problem = lineProblem(line);
        const price = line.product?.price ?? 0;
        return (
          <Table.Row key={line.productId}>
            {/* Long names wrap, so the quantity, total and Remove stay on an 800 px tablet. */}
            <Table.Cell whiteSpace="normal" minW="40">
              <Stack gap="1">
                <Text fontWeight="medium">{name}</Text>
                {problem === 'gone' ? (
                  <Text role="alert" fontSize="sm" color="red.700">
                    {t('sales.basket.gone')}
                  </Text>
                ) : null}
              </Stack>
            </Table.Cell>
            <Table.Cell>{formatTsh(price)}</Table.Cell>
            <Table.Cell minW="28" maxW={{ base: 'none', md: '40' }} whiteSpace="normal">
              <QuantityField
                hideLabel
                label={t('sales.basket.quantityOf', { name })}
                value={line.quantity}
                onChange={(quantity) => onQuantity(line.productId, quantity)}
                error={
                  problem === 'overStock'
                    ? t('sales.basket.overStock', { count: line.product?.quantity ?? 0 })
                    : null
                }
                disabled={disabled}
              />
            </Table.Cell>
            <Table.Cell>{formatTsh(orderTotal(price, line.quantity))}</Table.Cell>
            <Table.Cell>
              <Button
                size="sm"
                minH="44px"
                variant="outline"
                colorPalette="red"
                disabled={disabled}
                aria-label={t('sales.basket.removeLabel', { name })}
                onClick={() => onRemove(line.productId)}
              >
                {t('sales.basket.remove')}
              </Button>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}
