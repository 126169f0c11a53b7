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
import { DataTable } from '../../../components/data-table.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { RecordLoading, RecordNotHere } from '../../../components/record-not-here.tsx';
import type { DeliveryRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useDelivery } from '../data/hooks.ts';
import { GrnPrintControls } from './grn-print-controls.tsx';
import '../../../i18n/screen-words-deliveries.ts';

function BackLink({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  return (
    <Button asChild variant="outline" size="sm" minH="44px" alignSelf="start">
      <Link to="/$dept/deliveries" params={{ dept }}>
        ← {t('deliveries.detail.back')}
      </Link>
    </Button>
  );
}

/**
 * /$dept/deliveries/$id: one delivery from the mirror, offline too: its GRN number (provisional,
 * marked, until the server confirms), supplier, note, date and lines. A delivery the server
 * refused is no longer in the mirror (its change was undone): the page says so and lists the
 * refused deliveries to decide on.
 */
export function DeliveryDetailPage({ dept, id }: { dept: ProductDepartmentId; id: string }) {
  const t = useT();
  const delivery = useDelivery(dept, id);
  if (delivery === undefined) return <RecordLoading label={t('deliveries.detail.loading')} />;
  if (delivery === null) {
    return (
      <RecordNotHere
        title={t('deliveries.detail.notFoundTitle')}
        text={t('deliveries.detail.notFound')}
        department={dept}
        entity="delivery"
      >
        <BackLink dept={dept} />
      </RecordNotHere>
    );
  }
  return <DeliveryDetail dept={dept} delivery={delivery} />;
}

function DeliveryDetail({
  dept,
  delivery,
}: {
  dept: ProductDepartmentId;
  delivery: DeliveryRecord;
}) {
  const t = useT();
  const confirmed = delivery.grnNumber !== null && !delivery.pendingOutboxId;
  const title = confirmed
    ? t('deliveries.detail.title', { grn: delivery.grnNumber ?? '' })
    : t('deliveries.detail.provisionalTitle');
  const rows: [string, string, string?][] = [
    [t('deliveries.detail.supplier'), delivery.supplierName],
    [t('deliveries.detail.note'), delivery.noteNumber],
    [t('deliveries.detail.receivedOn'), delivery.receivedOn],
    ...(delivery.userEmail
      ? ([[t('deliveries.detail.bookedBy'), delivery.userEmail]] as [string, string][])
      : []),
    [t('deliveries.detail.totalUnits'), String(delivery.totalQuantity)],
  ];
  return (
    <Container maxW="4xl" py="6">
      <DocumentTitle title={title} />
      <BackLink dept={dept} />
      <Card.Root mt="4">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            <Badge colorPalette={confirmed ? 'green' : 'yellow'} data-testid="delivery-status">
              {confirmed ? t('sales.status.confirmed') : t('deliveries.grn.pending')}
            </Badge>
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            <DataList.Root orientation="horizontal" divideY="1px">
              <DataList.Item pt="3">
                <DataList.ItemLabel minW="36">{t('deliveries.detail.grn')}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium">
                  {confirmed ? (
                    <Text fontFamily="mono" data-testid="grn-number">
                      {delivery.grnNumber}
                    </Text>
                  ) : (
                    <Text color="orange.700" data-testid="grn-number">
                      {t('deliveries.detail.provisional')}
                    </Text>
                  )}
                </DataList.ItemValue>
              </DataList.Item>
              {rows.map(([label, value]) => (
                <DataList.Item pt="3" key={label}>
                  <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                  <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            <DataTable
              label={t('deliveries.form.lines')}
              columns={[
                t('deliveries.detail.col.product'),
                t('deliveries.detail.col.location'),
                t('deliveries.detail.col.quantity'),
              ]}
            >
              {delivery.lines.map((line) => (
                <Table.Row key={line.position}>
                  <Table.Cell>
                    <Link
                      to="/$dept/products/$id"
                      params={{ dept, id: line.productId }}
                      style={{
                        textDecoration: 'underline',
                        display: 'inline-flex',
                        alignItems: 'center',
                        minHeight: 44,
                      }}
                    >
                      {line.productName}
                    </Link>
                    {line.createdProduct ? (
                      <Badge ml="2" colorPalette="blue" variant="subtle">
                        {t('deliveries.detail.newProduct')}
                      </Badge>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{line.location}</Table.Cell>
                  <Table.Cell>{line.quantity}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          </Stack>
        </Card.Body>
        <Card.Footer>
          <GrnPrintControls delivery={delivery} />
        </Card.Footer>
      </Card.Root>
    </Container>
  );
}
