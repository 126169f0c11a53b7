import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { DepartmentDescriptor, ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { previewText } from './constants.ts';
import { ProductImage } from './product-image.tsx';
import { StockBadge } from './stock-badge.tsx';

/** One product of the department home grid. */
export function ProductCard({
  dept,
  descriptor,
  product,
}: {
  dept: ProductDepartmentId;
  descriptor: DepartmentDescriptor;
  product: ProductRecord;
}) {
  const t = useT();
  return (
    <Card.Root overflow="hidden" size="sm" height="full">
      {descriptor.hasImage ? (
        <ProductImage
          image={product.image}
          alt={t('catalog.product.imageAlt', { name: product.name })}
          aspectRatio={{ base: 16 / 9, sm: 4 / 3 }}
          width="full"
        />
      ) : null}
      <Card.Body gap="2">
        <Card.Title as="h2" lineClamp={2}>
          {product.name}
        </Card.Title>
        <Card.Description>{previewText(product.description)}</Card.Description>
        <HStack justify="space-between" wrap="wrap" mt="auto" pt="2">
          <Text fontWeight="semibold" fontSize="lg">
            {formatTsh(product.price)}
          </Text>
          <StockBadge quantity={product.quantity} descriptor={descriptor} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('catalog.product.inStockCount', { count: product.quantity })}
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button asChild width="full" colorPalette="blue">
          <Link
            to="/$dept/products/$id"
            params={{ dept, id: product._id }}
            aria-label={`${t('catalog.product.viewDetails')}: ${product.name}`}
          >
            {t('catalog.product.viewDetails')}
          </Link>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
