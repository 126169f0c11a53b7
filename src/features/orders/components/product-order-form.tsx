import { Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QuantityField } from '../../../components/quantity-field.tsx';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useWritesWait } from '../../../sync/use-sync-status.ts';
import { usePlaceOrder } from './use-place-order.ts';

/**
 * The order form beside a product on its detail page (/$dept/products/$id): a quantity within the
 * stock, placed through the offline command. The app hands it to the products feature's
 * ProductDetailPage (src/app/department-screens.tsx), so products never import orders.
 */
export function ProductOrderForm({
  dept,
  product,
}: {
  dept: ProductDepartmentId;
  product: ProductRecord;
}) {
  const t = useT();
  const writesWait = useWritesWait();
  const { placeOrder, processing } = usePlaceOrder(dept);
  const [quantity, setQuantity] = useState(1);
  const stock = product.quantity;
  const overStock = quantity > stock;
  const canSubmit = !processing && stock > 0 && !overStock;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const result = await placeOrder(product, quantity);
    if (result.ok) {
      notifySuccess(
        t('catalog.order.placed'),
        writesWait ? t('sync.savedOnDevice') : undefined,
        result.entryId,
      );
      setQuantity(1);
    } else {
      notifyError(t('catalog.order.error', { message: result.message }));
    }
  }

  return (
    <chakra.form onSubmit={submit} borderWidth="1px" rounded="md" p="4" noValidate>
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t('catalog.order.formTitle')}
        </Heading>
        <QuantityField
          label={t('catalog.order.quantityLabel')}
          value={quantity}
          onChange={setQuantity}
          max={stock}
          error={overStock && stock > 0 ? t('catalog.order.exceedsStock') : null}
          disabled={stock <= 0}
        />
        {stock <= 0 ? <Text color="red.600">{t('catalog.order.outOfStock')}</Text> : null}
        <Button
          type="submit"
          colorPalette="blue"
          disabled={!canSubmit}
          loading={processing}
          loadingText={t('catalog.order.placing')}
        >
          {t('catalog.order.place')}
        </Button>
      </Stack>
    </chakra.form>
  );
}
