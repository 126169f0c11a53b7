import { Button, Container, DataList, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { hasLocations } from '../../../../domain/product-locations.ts';
import { useProduct, useSameArticleElsewhere } from '../data/hooks.ts';
import { AlsoAt } from './also-at.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { ProductExtraFields } from '../../department/product-extra-fields.tsx';
import { ProductImage } from '../../department/product-image.tsx';
import { StockBadge } from '../../department/stock-badge.tsx';
import { useDepartment } from '../../department/use-department.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/**
 * The order form shown beside the product. The app passes the orders feature's form in
 * (src/app/department-screens.tsx): products never import orders.
 */
export type OrderFormComponent = ComponentType<{
  dept: ProductDepartmentId;
  product: ProductRecord;
}>;

/** /$dept/products/$id: the product with its order form, or the department's 404 page. */
export function ProductDetailPage({
  dept,
  id,
  OrderForm,
}: {
  dept: ProductDepartmentId;
  id: string;
  OrderForm: OrderFormComponent;
}) {
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
  return <ProductDetail dept={dept} product={product} OrderForm={OrderForm} />;
}

function ProductNotFound({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { name } = useDepartment(dept);
  return (
    <Container maxW="3xl" py="10">
      <PageHeader title={t('catalog.product.notFoundTitle')} mb="4" />
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

function ProductDetail({
  dept,
  product,
  OrderForm,
}: {
  dept: ProductDepartmentId;
  product: ProductRecord;
  OrderForm: OrderFormComponent;
}) {
  const t = useT();
  const { descriptor } = useDepartment(dept);
  const stock = product.quantity;
  const elsewhere = useSameArticleElsewhere(dept, product, hasLocations(descriptor));

  return (
    <Container maxW="5xl" py="6">
      <DocumentTitle title={product.name} />
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
            <StockBadge
              product={{ quantity: stock, reorderLevel: product?.reorderLevel }}
              descriptor={descriptor}
            />
          </HStack>
          <Text whiteSpace="pre-line">{product.description}</Text>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('catalog.field.stock')}</DataList.ItemLabel>
              <DataList.ItemValue>{stock}</DataList.ItemValue>
            </DataList.Item>
            <ProductExtraFields descriptor={descriptor} product={product} />
          </DataList.Root>
          <AlsoAt dept={dept} others={elsewhere} />
          <OrderForm dept={dept} product={product} />
        </Stack>
      </Grid>
    </Container>
  );
}
