import {
  Alert,
  Button,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { businessTimeZone } from '../../../../domain/company.ts';
import { localDateText } from '../../../../domain/business-period.ts';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { LoadingState } from '../../../components/page-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RefusedWrites } from '../../../components/refused-writes.tsx';
import { useCommand } from '../../../hooks/use-command.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { serverNow } from '../../../sync/server-clock.ts';
import { BarcodeLookup } from '../../department/barcode-lookup.tsx';
import { useProducts } from '../../department/product-list.ts';
import { addSupplier, type SupplierFields } from '../commands/add-supplier.ts';
import { bookDelivery, type DeliveryLineDraft } from '../commands/book-delivery.ts';
import { useSuppliers } from '../data/hooks.ts';
import {
  DeliveryLineFields,
  emptyLine,
  productChoices,
  type LineDraft,
} from './delivery-line-fields.tsx';
import { SupplierForm } from './supplier-form.tsx';
import '../../../i18n/screen-words-deliveries.ts';

/** A typed number, or NaN (the domain's schema then names the field). */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function toCommandLine(line: LineDraft): DeliveryLineDraft {
  if (line.kind === 'existing') {
    return { productId: line.productId, quantity: numberOf(line.quantity) };
  }
  return {
    newProduct: {
      name: line.name,
      description: line.description,
      price: numberOf(line.price),
      quantity: numberOf(line.quantity),
      location: line.location,
      ...(line.barcode.trim() === '' ? {} : { barcode: line.barcode.trim() }),
    },
  };
}

/**
 * /$dept/deliveries/new: book a delivery at the door, offline too (decision 0037): the supplier
 * (or a new one, added on the spot), their delivery note number, the date received (today by
 * default, the shop's day) and one line per product, existing or new. Saving raises the stock on
 * this tablet at once and queues one write; a mistake the tablet can see is told before that.
 */
export function DeliveryFormPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const navigate = useNavigate();
  const suppliers = useSuppliers(dept);
  const products = useProducts(dept);
  const choices = useMemo(() => productChoices(products ?? []), [products]);
  const [supplierId, setSupplierId] = useState('');
  const [addingSupplier, setAddingSupplier] = useState(false);
  const [noteNumber, setNoteNumber] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => localDateText(serverNow(), businessTimeZone));
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine('existing', '1')]);
  const [nextKey, setNextKey] = useState(2);
  const [problem, setProblem] = useState<string | null>(null);
  const command = useCallback(
    (deliveryId: string, draft: LineDraft[]) =>
      bookDelivery(dept, {
        deliveryId,
        supplierId,
        noteNumber,
        receivedOn,
        lines: draft.map(toCommandLine),
      }),
    [dept, supplierId, noteNumber, receivedOn],
  );
  const { run, processing } = useCommand(command, t('deliveries.form.failed', { message: '' }));
  const supplierCommand = useCallback(
    (id: string, fields: SupplierFields) => addSupplier(dept, { ...fields, supplierId: id }),
    [dept],
  );
  const addSupplierRun = useCommand(
    supplierCommand,
    t('deliveries.form.failed', { message: '' }),
  ).run;
  const saveSupplier = useCallback(
    async (fields: SupplierFields): Promise<string | null> => {
      const id = crypto.randomUUID();
      const outcome = await addSupplierRun(id, fields);
      if (!outcome.ok) return outcome.message;
      setSupplierId(id);
      setAddingSupplier(false);
      notifySuccess(t('deliveries.supplier.saved'), undefined, outcome.entryId);
      return null;
    },
    [addSupplierRun, t],
  );

  if (suppliers === undefined || products === undefined) {
    return (
      <Container maxW="4xl" py="6">
        <LoadingState label={t('deliveries.list.loading')} />
      </Container>
    );
  }

  function addLine(kind: LineDraft['kind'], filled: Partial<LineDraft> = {}) {
    // The form opens with one empty line: a first scan fills its place rather than adding below.
    const kept = lines.filter(
      (line) => !(line.kind === 'existing' && line.productId === '' && line.quantity === ''),
    );
    setLines([...kept, { ...emptyLine(kind, String(nextKey)), ...filled } as LineDraft]);
    setNextKey(nextKey + 1);
  }

  // A scanned product already on a line is not added twice (one line per product).
  function addScanned(product: ProductRecord) {
    if (lines.some((line) => line.kind === 'existing' && line.productId === product._id)) return;
    addLine('existing', { productId: product._id });
  }

  async function save() {
    setProblem(null);
    const deliveryId = crypto.randomUUID();
    const outcome = await run(deliveryId, lines);
    if (!outcome.ok) {
      setProblem(outcome.message);
      return;
    }
    notifySuccess(t('deliveries.form.saved'), undefined, outcome.entryId);
    await navigate({ to: '/$dept/deliveries/$id', params: { dept, id: deliveryId } });
  }

  return (
    <Container maxW="4xl" py="6">
      <Stack gap="6">
        <PageHeader
          title={t('deliveries.form.title')}
          intro={t('deliveries.form.intro')}
          back={
            <Button asChild variant="ghost" size="sm" minH="44px" px="2">
              <Link to="/$dept/deliveries" params={{ dept }}>
                ← {t('deliveries.detail.back')}
              </Link>
            </Button>
          }
        />
        <RefusedWrites department={dept} entity="delivery" />
        <BarcodeLookup
          dept={dept}
          onFound={addScanned}
          onMissing={(barcode) => addLine('new', { barcode })}
        />
        {/* Outside the delivery's form: the new-supplier form is a form of its own. */}
        <Stack gap="3">
          <Field.Root required>
            <Field.Label htmlFor="delivery-supplier">{t('deliveries.form.supplier')}</Field.Label>
            <HStack gap="2" w="full" wrap="wrap">
              <NativeSelect.Root flex="1" minW="60" disabled={processing}>
                <NativeSelect.Field
                  id="delivery-supplier"
                  minH="44px"
                  value={supplierId}
                  onChange={(event) => setSupplierId(event.target.value)}
                >
                  <option value="">{t('deliveries.form.chooseSupplier')}</option>
                  {suppliers.map((supplier) => (
                    <option key={supplier._id} value={supplier._id}>
                      {supplier.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button
                variant="outline"
                minH="44px"
                disabled={processing || addingSupplier}
                onClick={() => setAddingSupplier(true)}
              >
                {t('deliveries.form.newSupplier')}
              </Button>
            </HStack>
            {suppliers.length === 0 && !addingSupplier ? (
              <Field.HelperText>{t('deliveries.form.noSuppliers')}</Field.HelperText>
            ) : null}
          </Field.Root>
          {addingSupplier ? (
            <SupplierForm
              submitLabel={t('deliveries.supplier.save')}
              onSave={saveSupplier}
              onCancel={() => setAddingSupplier(false)}
            />
          ) : null}
        </Stack>
        <Stack
          as="form"
          gap="6"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root required>
              <Field.Label htmlFor="delivery-note">{t('deliveries.form.noteNumber')}</Field.Label>
              <Input
                id="delivery-note"
                minH="44px"
                value={noteNumber}
                disabled={processing}
                onChange={(event) => setNoteNumber(event.target.value)}
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label htmlFor="delivery-date">{t('deliveries.form.receivedOn')}</Field.Label>
              <Input
                id="delivery-date"
                type="date"
                minH="44px"
                value={receivedOn}
                disabled={processing}
                onChange={(event) => setReceivedOn(event.target.value)}
              />
            </Field.Root>
          </SimpleGrid>
          <Stack as="section" aria-labelledby="delivery-lines" gap="3">
            <Heading as="h2" size="lg" id="delivery-lines">
              {t('deliveries.form.lines')}
            </Heading>
            {lines.length === 0 ? (
              <Text color="fg.muted">{t('deliveries.form.noLines')}</Text>
            ) : null}
            {lines.map((line, index) => (
              <DeliveryLineFields
                key={line.key}
                line={line}
                number={index + 1}
                products={choices}
                disabled={processing}
                onChange={(changed) =>
                  setLines(lines.map((each) => (each.key === line.key ? changed : each)))
                }
                onRemove={() => setLines(lines.filter((each) => each.key !== line.key))}
              />
            ))}
            <HStack gap="2" wrap="wrap">
              <Button
                variant="outline"
                minH="44px"
                disabled={processing}
                onClick={() => addLine('existing')}
              >
                {t('deliveries.form.addLine')}
              </Button>
              <Button
                variant="outline"
                minH="44px"
                disabled={processing}
                onClick={() => addLine('new')}
              >
                {t('deliveries.form.addNewProduct')}
              </Button>
            </HStack>
          </Stack>
          {problem ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t('deliveries.form.failed', { message: problem })}</Alert.Title>
            </Alert.Root>
          ) : null}
          <HStack gap="2">
            <Button type="submit" colorPalette="blue" minH="44px" loading={processing}>
              {t('deliveries.form.save')}
            </Button>
            <Button asChild variant="outline" minH="44px">
              <Link to="/$dept/deliveries" params={{ dept }}>
                {t('deliveries.form.cancel')}
              </Link>
            </Button>
          </HStack>
        </Stack>
      </Stack>
    </Container>
  );
}
