import {
  Button,
  chakra,
  Container,
  DataList,
  Grid,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useProduct } from '../data/hooks.ts';
import { notifyError, notifySuccess } from './notify.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { ProductExtraFields } from './product-extra-fields.tsx';
import { ProductImage } from './product-image.tsx';
import { QuantityField } from './quantity-field.tsx';
import { StockBadge } from './stock-badge.tsx';
import { useDepartment } from './use-department.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { PageTitle } from './page-title.tsx';

/** /$dept/products/$id: the product with its order form, or the department's 404 page. */
export function ProductDetailPage({ dept, id }: { dept: ProductDepartmentId; id: string }) {
  const t = useT();
  const product = useProduct(dept, id);
  if (product === undefined) {
    return (
      <Container maxW="5xl" py="6">
        <LoadingState label={t('catalog.product.loading')} />
      </Container>
    );
  }
  if (product === null) return <ProductNotFound dept={dept} />;
  return <ProductDetail dept={dept} product={product} />;
}

export function ProductNotFound({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { name } = useDepartment(dept);
  return (
    <Container maxW="3xl" py="10">
      <PageTitle title={t('catalog.product.notFoundTitle')} />
      <Heading as="h1" size="2xl" mb="4">
        {t('catalog.product.notFoundTitle')}
      </Heading>
      <EmptyState title={t('catalog.product.notFound')}>
        <Button asChild colorPalette="blue">
          <Link to="/$dept" params={{ dept }}>
            {t('catalog.product.backToDepartment', { name })}
          </Link>
        </Button>
      </EmptyState>
    </Container>
  );
}

function ProductDetail({ dept, product }: { dept: ProductDepartmentId; product: ProductRecord }) {
  const t = useT();
  const { descriptor } = useDepartment(dept);
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
      notifySuccess(t('catalog.order.placed'));
      setQuantity(1);
    } else {
      notifyError(t('catalog.order.error', { message: result.message }));
    }
  }

  return (
    <Container maxW="5xl" py="6">
      <PageTitle title={product.name} />
      <Button asChild variant="ghost" size="sm" mb="4">
        <Link to="/$dept" params={{ dept }}>
          ← {t('catalog.product.backToProducts')}
        </Link>
      </Button>
      <Grid templateColumns={{ base: '1fr', md: descriptor.hasImage ? '1fr 1fr' : '1fr' }} gap="8">
        {descriptor.hasImage ? (
          <ProductImage
            image={product.image}
            alt={t('catalog.product.imageAlt', { name: product.name })}
            rounded="md"
            width="full"
            aspectRatio={4 / 3}
          />
        ) : null}
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            {product.name}
          </Heading>
          <HStack gap="3" wrap="wrap">
            <Text fontSize="2xl" fontWeight="bold">
              {formatTsh(product.price)}
            </Text>
            <StockBadge quantity={stock} descriptor={descriptor} />
          </HStack>
          <Text whiteSpace="pre-line">{product.description}</Text>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('catalog.field.stock')}</DataList.ItemLabel>
              <DataList.ItemValue>{stock}</DataList.ItemValue>
            </DataList.Item>
            <ProductExtraFields descriptor={descriptor} product={product} />
          </DataList.Root>
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
        </Stack>
      </Grid>
    </Container>
  );
}
