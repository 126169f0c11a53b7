import { Button, Card, Container, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { maxReasonLength, transferProblem } from '../../../../domain/transfers.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { SuccessDialog } from '../../../components/success-dialog.tsx';
import type { ProductRecord } from '../../../db/database.ts';
import { useCommand } from '../../../hooks/use-command.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useProducts } from '../../department/product-list.ts';
import { transferStock } from '../commands/transfer-stock.ts';
import { useProduct } from '../data/hooks.ts';
import { LoadFailed } from './load-failed.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

function BackToInventory({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  return (
    <Button asChild variant="outline" size="sm" alignSelf="flex-start">
      <Link to="/$dept/admin/move" params={{ dept }}>
        ← {t('transfers.form.back')}
      </Link>
    </Button>
  );
}

/**
 * /$dept/admin/move/$id: the transfer form of one product (spec section 5 'Stock transfer'): the
 * origin is the product's location, read-only; destination, quantity and reason are typed. The
 * spec's messages are checked here first with the domain's rules; the transfer is then queued
 * (works offline) and the stock moves on this device at once.
 */
export function TransferFormPage({ dept, id }: { dept: ProductDepartmentId; id: string }) {
  const t = useT();
  const read = useProduct(dept, id);
  if (read === undefined) {
    return (
      <Container maxW="3xl" py="6">
        <LoadingState label={t('transfers.form.loading')} />
      </Container>
    );
  }
  if (read.status === 'failed') {
    return (
      <Container maxW="3xl" py="6">
        <LoadFailed message={t('transfers.msg.failed')} />
      </Container>
    );
  }
  if (read.value === null) {
    return (
      <Container maxW="3xl" py="10">
        <DocumentTitle title={t('transfers.msg.productNotFound')} />
        <EmptyState title={t('transfers.msg.productNotFound')}>
          <BackToInventory dept={dept} />
        </EmptyState>
      </Container>
    );
  }
  return <TransferForm dept={dept} product={read.value} />;
}

function TransferForm({ dept, product }: { dept: ProductDepartmentId; product: ProductRecord }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const navigate = useNavigate();
  const products = useProducts(dept);
  const listId = useId();
  const [destination, setDestination] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [doneEntry, setDoneEntry] = useState<string | undefined>(undefined);
  const command = useCommand(transferStock, t('transfers.msg.failed'));
  const origin = product.location ?? '';
  const title = t('transfers.form.title', { name: product.name });
  // The department's known locations, offered as suggestions (any new one may be typed).
  const locations = useMemo(
    () => [...new Set((products ?? []).map((row) => row.location ?? '').filter(Boolean))].sort(),
    [products],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { transferQuantity: quantity, destination, reason };
    const problem = transferProblem(
      { ...fields, productId: product._id, origin },
      product.quantity,
    );
    if (problem) {
      setError(translateMessage(problem));
      return;
    }
    const outcome = await command.run(dept, { productId: product._id, ...fields });
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setError(null);
    setDestination('');
    setQuantity('1');
    setReason('');
    setDoneEntry(outcome.entryId);
    setDone(true);
  };

  return (
    <Container maxW="3xl" py="6">
      <Stack gap="5">
        <PageHeader title={title} back={<BackToInventory dept={dept} />} />
        <Card.Root>
          <Card.Body>
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Stack gap="4">
                <Text fontWeight="medium" data-testid="available-stock">
                  {t('transfers.form.available', { count: product.quantity })}
                </Text>
                <Field.Root readOnly>
                  <Field.Label>{t('transfers.form.origin')}</Field.Label>
                  <Input value={origin} readOnly />
                  <Field.HelperText>{t('transfers.form.originHelp')}</Field.HelperText>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{t('transfers.form.destination')}</Field.Label>
                  <Input
                    list={listId}
                    value={destination}
                    maxLength={200}
                    onChange={(event) => setDestination(event.target.value)}
                  />
                  <datalist id={listId}>
                    {locations
                      .filter((location) => location !== origin)
                      .map((location) => (
                        <option key={location} value={location} />
                      ))}
                  </datalist>
                  <Field.HelperText>{t('transfers.form.destinationHelp')}</Field.HelperText>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{t('transfers.form.quantity')}</Field.Label>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={product.quantity}
                    value={quantity}
                    onChange={(event) => setQuantity(event.target.value)}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('transfers.form.reason')}</Field.Label>
                  <Textarea
                    value={reason}
                    maxLength={maxReasonLength}
                    onChange={(event) => setReason(event.target.value)}
                  />
                </Field.Root>
                {error ? (
                  <Text role="alert" color="red.600">
                    {error}
                  </Text>
                ) : null}
                <FormActions
                  submitLabel={t('transfers.form.submit')}
                  busyLabel={t('transfers.form.sending')}
                  busy={command.processing}
                />
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      </Stack>
      <SuccessDialog
        open={done}
        entryId={doneEntry}
        onClose={() => {
          setDone(false);
          void navigate({ to: '/$dept/admin/move', params: { dept } });
        }}
        title={t('transfers.msg.success')}
        text={t('transfers.form.savedText')}
        actionLabel={t('transfers.form.continue')}
      />
    </Container>
  );
}
