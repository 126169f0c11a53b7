import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { orderTotal } from '../../../../domain/orders.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RefusedWrites } from '../../../components/refused-writes.tsx';
import type { ProductRecord } from '../../../db/database.ts';
import { useCommand } from '../../../hooks/use-command.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useProducts } from '../../department/product-list.ts';
import { placeSale } from '../commands/place-sale.ts';
import {
  addToBasket,
  clearBasket,
  removeFromBasket,
  setBasketQuantity,
} from '../commands/sale-draft.ts';
import { useBasket } from '../data/hooks.ts';
import { BasketTable, basketLinesOf, lineProblem } from './basket-table.tsx';
import { ProductPicker } from './product-picker.tsx';

/**
 * /$dept/sale: the basket (decision 0036). Products are added by a scan, a typed barcode, or a
 * search and a tap; each line's quantity can be changed or the line removed; the basket lives in
 * IndexedDB, so a reload keeps it. Place sale queues the whole sale as one write (offline too)
 * and opens its details page; a sale the server refused is shown here until the clerk decides.
 */
export function SalePage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const navigate = useNavigate();
  const products = useProducts(dept);
  const basket = useBasket(dept);
  const command = useCallback(
    (lines: { productId: string; quantity: number }[], saleId: string) =>
      placeSale(dept, { lines, saleId }),
    [dept],
  );
  const { run, processing } = useCommand(command, t('sales.basket.failed'));
  // A draft write that fails (storage full, evicted) is said, never swallowed.
  const draftAction = (action: () => Promise<unknown>) => {
    action().catch(() => notifyError(t('sales.basket.loadError')));
  };

  if (products === undefined || basket === undefined) {
    return (
      <Container maxW="6xl" py="6">
        <LoadingState label={t('sales.basket.loading')} />
      </Container>
    );
  }
  const lines = basketLinesOf(basket, products);
  const total = lines.reduce(
    (sum, line) => sum + orderTotal(line.product?.price ?? 0, line.quantity),
    0,
  );
  const blocked = lines.some((line) => lineProblem(line) !== null);

  async function place() {
    // The sale's id is made here, so its details page can be opened once it is queued.
    const saleId = crypto.randomUUID();
    const outcome = await run(
      lines.map(({ productId, quantity }) => ({ productId, quantity })),
      saleId,
    );
    if (!outcome.ok) {
      notifyError(t('sales.basket.error', { message: outcome.message }));
      return;
    }
    await clearBasket(dept);
    notifySuccess(t('sales.basket.placed'), undefined, outcome.entryId);
    await navigate({ to: '/$dept/sales/$id', params: { dept, id: saleId } });
  }

  return (
    <Container maxW="6xl" py="6">
      <Stack gap="6">
        <PageHeader title={t('sales.basket.title')} intro={t('sales.basket.intro')} />
        <RefusedWrites department={dept} entity="sale" />
        {products.length === 0 ? (
          <EmptyState title={t('sales.basket.noProducts')} />
        ) : (
          <ProductPicker
            dept={dept}
            products={products}
            onAdd={(product: ProductRecord) => draftAction(() => addToBasket(dept, product._id))}
          />
        )}
        <Stack as="section" aria-labelledby="basket-title" gap="3">
          <Heading as="h2" size="lg" id="basket-title">
            {t('sales.basket.heading')}
          </Heading>
          {lines.length === 0 ? (
            <EmptyState title={t('sales.basket.empty')} description={t('sales.basket.emptyHelp')} />
          ) : (
            <>
              <BasketTable
                lines={lines}
                disabled={processing}
                onQuantity={(productId, quantity) =>
                  draftAction(() => setBasketQuantity(dept, productId, quantity))
                }
                onRemove={(productId) => draftAction(() => removeFromBasket(dept, productId))}
              />
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Text fontSize="xl" fontWeight="bold" data-testid="basket-total">
                  {t('sales.basket.total')}: {formatTsh(total)}
                </Text>
                <HStack gap="2">
                  <Button
                    variant="outline"
                    minH="44px"
                    disabled={processing}
                    onClick={() => draftAction(() => clearBasket(dept))}
                  >
                    {t('sales.basket.clear')}
                  </Button>
                  <Button
                    colorPalette="blue"
                    minH="44px"
                    disabled={processing || blocked}
                    onClick={() => void place()}
                  >
                    {t('sales.basket.place')}
                  </Button>
                </HStack>
              </HStack>
              {blocked ? (
                <Text color="red.700" fontSize="sm">
                  {t('sales.basket.fixFirst')}
                </Text>
              ) : null}
            </>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
