import {
  Box,
  Button,
  Card,
  Container,
  DataList,
  Field,
  Grid,
  Heading,
  HStack,
  NativeSelect,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { orderTotal } from '../../../../domain/orders.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useWritesWait } from '../../../sync/use-sync-status.ts';
import { useProducts } from '../../department/product-list.ts';
import { notifyError } from '../../../components/notify.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { ProductExtraFields } from '../../department/product-extra-fields.tsx';
import { ProductImage } from '../../department/product-image.tsx';
import { BarcodeLookup } from '../../department/barcode-lookup.tsx';
import { QuantityField } from '../../../components/quantity-field.tsx';
import { StockBadge } from '../../department/stock-badge.tsx';
import { SuccessDialog } from '../../../components/success-dialog.tsx';
import { useDepartment } from '../../department/use-department.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ProductOptions } from './product-options.tsx';

/**
 * /$dept/order-item: choose a product, a quantity, see the summary and place the order.
 * `initialProductId` comes preselected (a home row's 'Place Order' link); an id that is not one
 * of the department's products leaves the choice empty.
 */
export function OrderItemPage({
  dept,
  initialProductId,
}: {
  dept: ProductDepartmentId;
  initialProductId?: string | undefined;
}) {
  const t = useT();
  const writesWait = useWritesWait();
  const { descriptor } = useDepartment(dept);
  const products = useProducts(dept);
  const { placeOrder, processing } = usePlaceOrder(dept);
  const [productId, setProductId] = useState(initialProductId ?? '');
  const [quantity, setQuantity] = useState(1);
  const [touched, setTouched] = useState(false);
  const [successOpen, setSuccessOpen] = useState(false);
  // The write the open success dialog announces: a refusal of it closes the dialog.
  const [successEntry, setSuccessEntry] = useState<string | undefined>(undefined);
  const closeSuccess = useCallback(() => setSuccessOpen(false), []);

  if (products === undefined) {
    return (
      <Container maxW="5xl" py="6">
        <LoadingState label={t('catalog.products.loading')} />
      </Container>
    );
  }
  if (products.length === 0) {
    return (
      <Container maxW="5xl" py="6">
        <PageHeader title={t('catalog.orderItem.title')} mb="5" />
        <EmptyState
          title={t('catalog.orderItem.emptyTitle')}
          description={t('catalog.orderItem.emptyText')}
        />
      </Container>
    );
  }

  const product = products.find((candidate) => candidate._id === productId) ?? null;
  const stock = product?.quantity ?? 0;
  const overStock = product !== null && quantity > stock;
  const canSubmit = product !== null && !processing && stock > 0 && !overStock;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!product || !canSubmit) return;
    const result = await placeOrder(product, quantity);
    if (result.ok) {
      setQuantity(1);
      setSuccessEntry(result.entryId);
      setSuccessOpen(true);
    } else {
      notifyError(t('catalog.order.error', { message: result.message }));
    }
  }

  return (
    <Container maxW="5xl" py="6">
      <PageHeader title={t('catalog.orderItem.title')} mb="5" />
      <Box mb="5">
        {/* Its own form, so it sits outside the order's. */}
        <BarcodeLookup
          dept={dept}
          onFound={(found) => {
            setProductId(found._id);
            setQuantity(1);
          }}
        />
      </Box>
      <Grid asChild templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="6" alignItems="start">
        <form onSubmit={submit} noValidate>
          <Stack gap="5">
            <Field.Root invalid={touched && product === null} required>
              <Field.Label>{t('catalog.orderItem.productLabel')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={productId}
                  onChange={(event) => {
                    setProductId(event.currentTarget.value);
                    setQuantity(1);
                  }}
                  onBlur={() => setTouched(true)}
                >
                  <option value="">{t('catalog.orderItem.productPlaceholder')}</option>
                  <ProductOptions products={products} descriptor={descriptor} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {product === null ? (
                <Field.ErrorText>{t('catalog.orderItem.selectProduct')}</Field.ErrorText>
              ) : null}
              {product === null && !touched ? (
                <Field.HelperText>{t('catalog.orderItem.selectProduct')}</Field.HelperText>
              ) : null}
            </Field.Root>

            {product ? (
              <Card.Root size="sm">
                <Card.Header>
                  <Heading as="h2" size="md">
                    {t('catalog.orderItem.details')}
                  </Heading>
                </Card.Header>
                <Card.Body>
                  <HStack align="start" gap="4">
                    {descriptor.hasImage ? (
                      <ProductImage
                        image={product.image}
                        alt={t('catalog.product.imageAlt', { name: product.name })}
                        width="28"
                        height="28"
                        rounded="md"
                        flexShrink={0}
                      />
                    ) : null}
                    <Stack gap="2">
                      <Text fontWeight="semibold" fontSize="lg">
                        {product.name}
                      </Text>
                      <Text color="fg.muted">{product.description}</Text>
                      <HStack>
                        <Text>{formatTsh(product.price)}</Text>
                        <StockBadge
                          product={{ quantity: stock, reorderLevel: product?.reorderLevel }}
                          descriptor={descriptor}
                        />
                      </HStack>
                      <DataList.Root orientation="horizontal" size="sm">
                        <DataList.Item>
                          <DataList.ItemLabel>{t('catalog.field.stock')}</DataList.ItemLabel>
                          <DataList.ItemValue>{stock}</DataList.ItemValue>
                        </DataList.Item>
                        <ProductExtraFields descriptor={descriptor} product={product} />
                      </DataList.Root>
                    </Stack>
                  </HStack>
                </Card.Body>
              </Card.Root>
            ) : null}

            <QuantityField
              label={t('catalog.order.quantityLabel')}
              value={quantity}
              onChange={setQuantity}
              max={product ? stock : undefined}
              error={overStock && stock > 0 ? t('catalog.order.exceedsStock') : null}
              disabled={product === null || stock <= 0}
            />
            {product && stock <= 0 ? (
              <Text color="red.600">{t('catalog.order.outOfStock')}</Text>
            ) : null}
          </Stack>

          <Box borderWidth="1px" rounded="md" p="4" bg="bg.subtle">
            <Heading as="h2" size="md" mb="3">
              {t('catalog.orderItem.summary')}
            </Heading>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('catalog.orderItem.pricePerUnit')}</DataList.ItemLabel>
                <DataList.ItemValue>{product ? formatTsh(product.price) : '—'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('catalog.field.quantity')}</DataList.ItemLabel>
                <DataList.ItemValue>{quantity}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <Separator my="3" />
            <HStack justify="space-between">
              <Text fontWeight="semibold">{t('catalog.orderItem.total')}</Text>
              <Text fontWeight="bold" fontSize="xl" aria-live="polite">
                {product ? formatTsh(orderTotal(product.price, quantity)) : formatTsh(0)}
              </Text>
            </HStack>
            <Button
              type="submit"
              colorPalette="blue"
              width="full"
              mt="4"
              disabled={!canSubmit}
              loading={processing}
              loadingText={t('catalog.order.placing')}
            >
              {t('catalog.order.place')}
            </Button>
          </Box>
        </form>
      </Grid>
      <SuccessDialog
        open={successOpen}
        entryId={successEntry}
        onClose={closeSuccess}
        title={t('catalog.orderItem.successTitle')}
        text={writesWait ? t('sync.savedOnDevice') : t('catalog.orderItem.successText')}
        actionLabel={t('catalog.orderItem.continue')}
      />
    </Container>
  );
}
