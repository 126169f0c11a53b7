import {
  Badge,
  Button,
  Card,
  Container,
  DataList,
  Heading,
  HStack,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { RecordLoading, RecordNotHere } from '../../../components/record-not-here.tsx';
import { PrintReceiptControls } from '../../../components/receipt/print-receipt-controls.tsx';
import { receiptForLines } from '../../../components/receipt/receipt-lines.ts';
import type { SaleRecord } from '../../../db/database.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { useSale } from '../data/hooks.ts';
import { saleReceipt } from '../data/sale-receipt.ts';

function BackLinks({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  return (
    <HStack gap="2" wrap="wrap">
      <Button asChild variant="outline" size="sm" minH="44px">
        <Link to="/$dept/sale" params={{ dept }}>
          ← {t('sales.detail.back')}
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm" minH="44px">
        <Link to="/$dept/orders" params={{ dept }}>
          {t('sales.detail.orders')}
        </Link>
      </Button>
    </HStack>
  );
}

/**
 * /$dept/sales/$id: one sale from the mirror, offline too: its number (provisional, marked, until
 * the server confirms), status, lines and total. A sale the server refused is no longer in the
 * mirror (its change was undone): the page says so and lists the refused sales to decide on.
 * Its lines are the orders still live: an order of the sale an admin or manager edited or
 * deleted comes back with the sale's next pull (the server moves the sale with it), and a sale
 * whose lines were all deleted says so, with a total of 0 and no receipt.
 */
export function SaleDetailPage({ dept, id }: { dept: ProductDepartmentId; id: string }) {
  const t = useT();
  const sale = useSale(dept, id);
  if (sale === undefined) return <RecordLoading label={t('sales.detail.loading')} />;
  if (sale === null) {
    return (
      <RecordNotHere
        title={t('sales.detail.notFoundTitle')}
        text={t('sales.detail.notFound')}
        department={dept}
        entity="sale"
      >
        <BackLinks dept={dept} />
      </RecordNotHere>
    );
  }
  return <SaleDetail dept={dept} sale={sale} />;
}

function SaleDetail({ dept, sale }: { dept: ProductDepartmentId; sale: SaleRecord }) {
  const t = useT();
  const { language } = useLanguage();
  const confirmed = sale.saleNumber !== null && !sale.pendingOutboxId;
  return (
    <Container maxW="4xl" py="6">
      <DocumentTitle title={t('sales.detail.title')} />
      <BackLinks dept={dept} />
      <Card.Root mt="4">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h1" size="xl">
              {t('sales.detail.title')}
            </Heading>
            <Badge colorPalette={confirmed ? 'green' : 'yellow'} data-testid="sale-status">
              {confirmed ? t('sales.status.confirmed') : t('sales.status.pending')}
            </Badge>
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            <DataList.Root orientation="horizontal" divideY="1px">
              <DataList.Item pt="3">
                <DataList.ItemLabel minW="36">{t('sales.detail.number')}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium">
                  {sale.saleNumber !== null ? (
                    <Text fontFamily="mono" data-testid="sale-number">
                      {sale.saleNumber}
                    </Text>
                  ) : (
                    <Text color="orange.700" data-testid="sale-number">
                      {t('sales.detail.provisional')}
                    </Text>
                  )}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item pt="3">
                <DataList.ItemLabel minW="36">{t('sales.detail.date')}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium">
                  {formatDateTime(sale.createdAt, language)}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item pt="3">
                <DataList.ItemLabel minW="36">{t('sales.detail.total')}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="bold">{formatTsh(sale.total)}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            {sale.lines.length > 0 ? (
              <DataTable
                label={t('sales.detail.lines')}
                columns={[
                  t('sales.detail.orderId'),
                  t('sales.basket.col.product'),
                  t('sales.basket.col.price'),
                  t('sales.basket.col.quantity'),
                  t('sales.basket.col.total'),
                ]}
              >
                {sale.lines.map((line) => (
                  <Table.Row key={line._id}>
                    <Table.Cell fontFamily="mono">{line.orderId ?? '—'}</Table.Cell>
                    <Table.Cell>{line.productName}</Table.Cell>
                    <Table.Cell>{formatTsh(line.price)}</Table.Cell>
                    <Table.Cell>{line.quantity}</Table.Cell>
                    <Table.Cell>{formatTsh(line.total)}</Table.Cell>
                  </Table.Row>
                ))}
              </DataTable>
            ) : (
              <Text data-testid="sale-no-lines">{t('sales.detail.allDeleted')}</Text>
            )}
          </Stack>
        </Card.Body>
        {/* A receipt of nothing sold would mislead: no print once every line is deleted. */}
        {sale.lines.length > 0 && (
          <Card.Footer>
            {/* Provisional (marked, an OFFLINE- number) until the server confirms the sale. */}
            <PrintReceiptControls
              text={t('receipt.print.button')}
              receipt={(company) => receiptForLines(saleReceipt(sale), { t, language, company })}
            />
          </Card.Footer>
        )}
      </Card.Root>
    </Container>
  );
}
