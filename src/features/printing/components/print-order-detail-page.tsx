import { Badge, Button, Card, Container, DataList, Heading, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatTsh } from '../../../../domain/money.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import { formatDate, formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { usePrintJob } from '../data/hooks.ts';
import {
  categoryLabel,
  formatPhone,
  receiptContent,
  receiptNumberOf,
} from '../receipt/receipt-content.ts';
import { PrintReceiptControls } from '../../../components/receipt/print-receipt-controls.tsx';

function BackToOrders() {
  const t = useT();
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/printing/orders">← {t('printing.detail.back')}</Link>
    </Button>
  );
}

/**
 * /printing/orders/$id: one print job from the mirror, with 'Print Order' (the receipt PDF,
 * provisional until the server has numbered the job) and a back button; or the spec's
 * 'No order details found.' / 'Failed to load order details. Please try again later.'
 */
export function PrintOrderDetailPage({ id }: { id: string }) {
  const t = useT();
  const read = usePrintJob(id);
  if (read === undefined) {
    return (
      <Container maxW="3xl" py="6">
        <LoadingState label={t('printing.detail.loading')} />
      </Container>
    );
  }
  if (read.status !== 'found') {
    const failed = read.status === 'failed';
    return (
      <Container maxW="3xl" py="10">
        <DocumentTitle title={t('printing.detail.title')} />
        <EmptyState
          title={failed ? t('printing.detail.loadFailed') : t('printing.detail.notFound')}
        >
          <HStack justify="center" gap="3">
            <BackToOrders />
            {failed ? (
              <Button size="sm" onClick={() => window.location.reload()}>
                {t('printing.detail.reload')}
              </Button>
            ) : null}
          </HStack>
        </EmptyState>
      </Container>
    );
  }
  return <PrintOrderDetail job={read.job} />;
}

function PrintOrderDetail({ job }: { job: PrintingOrderRecord }) {
  const t = useT();
  const { language } = useLanguage();
  const { number, provisional } = receiptNumberOf(job);
  const rows = [
    { label: t('printing.detail.receiptNumber'), value: number },
    { label: t('printing.detail.orderDate'), value: formatDate(job.createdAt, language) },
    { label: t('printing.field.description'), value: job.description },
    { label: t('printing.field.category'), value: categoryLabel(t, job.category) },
    {
      label: t('printing.field.quantity'),
      value: t('printing.orders.units', { count: job.quantity }),
    },
    { label: t('printing.detail.unitPrice'), value: formatTsh(job.price) },
    { label: t('printing.detail.totalAmount'), value: formatTsh(job.totalPrice) },
    { label: t('printing.field.contact'), value: formatPhone(job.contact) },
    { label: t('printing.detail.createdAt'), value: formatDateTime(job.createdAt, language) },
    { label: t('printing.detail.updatedAt'), value: formatDateTime(job.updatedAt, language) },
  ];
  return (
    <Container maxW="3xl" py="6">
      <DocumentTitle title={t('printing.detail.title')} />
      <BackToOrders />
      <Card.Root mt="4">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h1" size="xl">
              {t('printing.detail.title')}
            </Heading>
            {provisional ? (
              <Badge colorPalette="yellow">{t('printing.detail.provisional')}</Badge>
            ) : null}
          </HStack>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" divideY="1px">
            {rows.map((row) => (
              <DataList.Item key={row.label} pt="3">
                <DataList.ItemLabel minW="36">{row.label}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium" whiteSpace="pre-wrap">
                  {row.value}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
        <Card.Footer>
          <PrintReceiptControls
            text={t('printing.print.button')}
            receipt={({ receiptFooter, ...company }) =>
              receiptContent(job, { t, language, company, footer: receiptFooter })
            }
          />
        </Card.Footer>
      </Card.Root>
    </Container>
  );
}
