import { Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatTsh } from '../../../../domain/money.ts';
import { printingCategories, type PrintingCategory } from '../../../../domain/printing.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { categoryLabel } from '../receipt/receipt-content.ts';
import { draftTotal, type PrintJobDraft } from './print-job-form.ts';

function isPrintingCategory(value: string): value is PrintingCategory {
  return (printingCategories as readonly string[]).includes(value);
}

/**
 * The print job's inputs (the submit-work form and the admin's Edit dialog): description, price
 * per item, quantity, the customer's phone and the category, then the total, which follows the
 * typing. Amounts stay text until the domain schema reads them; the phone field opens the phone
 * keypad on tablets.
 */
export function PrintJobFields({
  draft,
  onChange,
  disabled,
  idPrefix,
}: {
  draft: PrintJobDraft;
  onChange: (next: PrintJobDraft) => void;
  disabled?: boolean;
  /** Keeps the inputs' names unique when the form and a dialog are on one page. */
  idPrefix: string;
}) {
  const t = useT();
  const set = <K extends keyof PrintJobDraft>(field: K, value: PrintJobDraft[K]) =>
    onChange({ ...draft, [field]: value });
  const total = draftTotal(draft);
  return (
    <Stack gap="4">
      <Field.Root required disabled={disabled}>
        <Field.Label>{t('printing.field.description')}</Field.Label>
        <Textarea
          name={`${idPrefix}-description`}
          value={draft.description}
          rows={3}
          autoresize
          onChange={(event) => set('description', event.target.value)}
        />
        <Field.HelperText>{t('printing.field.descriptionHelp')}</Field.HelperText>
      </Field.Root>
      <HStack gap="4" align="start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
        <Field.Root required disabled={disabled}>
          <Field.Label>{t('printing.field.price')}</Field.Label>
          <Input
            name={`${idPrefix}-price`}
            inputMode="numeric"
            autoComplete="off"
            value={draft.price}
            onChange={(event) => set('price', event.target.value)}
          />
        </Field.Root>
        <Field.Root required disabled={disabled}>
          <Field.Label>{t('printing.field.quantity')}</Field.Label>
          <Input
            name={`${idPrefix}-quantity`}
            inputMode="numeric"
            autoComplete="off"
            value={draft.quantity}
            onChange={(event) => set('quantity', event.target.value)}
          />
        </Field.Root>
      </HStack>
      <Field.Root required disabled={disabled}>
        <Field.Label>{t('printing.field.contact')}</Field.Label>
        <Input
          name={`${idPrefix}-contact`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="0712 345 678"
          value={draft.contact}
          onChange={(event) => set('contact', event.target.value)}
        />
        <Field.HelperText>{t('printing.field.contactHelp')}</Field.HelperText>
      </Field.Root>
      <Field.Root disabled={disabled}>
        <Field.Label>{t('printing.field.category')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name={`${idPrefix}-category`}
            value={draft.category}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isPrintingCategory(value)) set('category', value);
            }}
          >
            {printingCategories.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(t, category)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack justify="space-between" borderTopWidth="1px" pt="3">
        <Text fontWeight="medium">{t('printing.total')}</Text>
        <Text fontSize="xl" fontWeight="bold" aria-live="polite" data-testid="print-job-total">
          {total === null ? formatTsh(0) : formatTsh(total)}
        </Text>
      </HStack>
    </Stack>
  );
}
