import { Badge, Button, Card, Container, DataList, Heading, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { orderTotal } from '../../../../domain/orders.ts';
import type { OrderRecord } from '../../../db/database.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { useOrder, useOrderLocations } from '../data/hooks.ts';
import { hasLocations } from '../../../../domain/product-locations.ts';
import { useDepartment } from '../../department/use-department.ts';
import { formatDate, formatDateTime } from '../../../i18n/format.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PrintReceiptControls } from '../../../components/receipt/print-receipt-controls.tsx';
import { receiptForLines } from '../../../components/receipt/receipt-lines.ts';
import { orderReceipt } from '../data/order-receipt.ts';

function BackToOrders({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/$dept/orders" params={{ dept }}>
        ← {t('catalog.orderDetail.back')}
      </Link>
    </Button>
  );
}

/**
 * /$dept/orders/$id: one order, amounts in Tsh, with 'Print receipt' (provisional until the
 * server has accepted the order); or the department's 'Order not found' page.
 */
export function OrderDetailPage({ dept, id }: { dept: ProductDepartmentId; id: string }) {
  const t = useT();
  const order = useOrder(dept, id);
  if (order === undefined) {
    return (
      <Container maxW="3xl" py="6">
        <LoadingState label={t('catalog.orderDetail.loading')} />
      </Container>
    );
  }
  if (order === null) {
    // The department's own 404 page: it links back to that department's orders (spec section 2).
    return (
      <Container maxW="3xl" py="10">
        <PageHeader title={t('catalog.orderDetail.notFoundTitle')} mb="4" />
        <EmptyState title={t('catalog.orderDetail.notFound')}>
          <BackToOrders dept={dept} />
        </EmptyState>
      </Container>
    );
  }
  return <OrderDetail dept={dept} order={order} />;
}

function OrderDetail({ dept, order }: { dept: ProductDepartmentId; order: OrderRecord }) {
  const t = useT();
  const { language } = useLanguage();
  const { descriptor } = useDepartment(dept);
  const location = useOrderLocations(dept, [order], hasLocations(descriptor)).get(order.productId);
  // The unit price is the order's price; the total is recomputed from it when missing (the
  // original screen showed the total as the unit price, docs/architecture.md section 3).
  const total = Number.isFinite(order.total)
    ? order.total
    : orderTotal(order.price, order.quantity);
  const rows: { label: string; value: string }[] = [
    { label: t('catalog.orderDetail.orderDate'), value: formatDate(order.createdAt, language) },
    { label: t('catalog.orderDetail.productName'), value: order.productName },
    // Where the product is kept, while it still exists there (departments with locations).
    ...(location ? [{ label: t('catalog.field.location'), value: location }] : []),
    {
      label: t('catalog.orderDetail.quantity'),
      value: t('catalog.orders.units', { count: order.quantity }),
    },
    { label: t('catalog.orderDetail.unitPrice'), value: formatTsh(order.price) },
    { label: t('catalog.orderDetail.totalAmount'), value: formatTsh(total) },
    { label: t('catalog.orderDetail.createdAt'), value: formatDateTime(order.createdAt, language) },
    { label: t('catalog.orderDetail.updatedAt'), value: formatDateTime(order.updatedAt, language) },
  ];
  if (order.orderId) {
    rows.unshift({ label: t('catalog.orderDetail.orderId'), value: order.orderId });
  }
  return (
    <Container maxW="3xl" py="6">
      <DocumentTitle title={t('catalog.orderDetail.title')} />
      <BackToOrders dept={dept} />
      <Card.Root mt="4">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h1" size="xl">
              {t('catalog.orderDetail.title')}
            </Heading>
            <HStack>
              {order.pendingOutboxId ? (
                <Badge colorPalette="yellow">{t('catalog.orders.waitingToSync')}</Badge>
              ) : null}
              <Badge colorPalette="blue">
                {order.status === 'pending' ? t('catalog.orderStatus.pending') : order.status}
              </Badge>
            </HStack>
          </HStack>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" divideY="1px">
            {rows.map((row) => (
              <DataList.Item key={row.label} pt="3">
                <DataList.ItemLabel minW="36">{row.label}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium">{row.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
        <Card.Footer>
          <PrintReceiptControls
            text={t('receipt.print.button')}
            receipt={(company) => receiptForLines(orderReceipt(order), { t, language, company })}
          />
        </Card.Footer>
      </Card.Root>
    </Container>
  );
}
