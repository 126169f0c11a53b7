import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import type { SupplierFields } from '../commands/add-supplier.ts';
import '../../../i18n/screen-words-deliveries.ts';

/**
 * A supplier's name, phone and notes, for a new supplier or an edit. `onSave` resolves to an error
 * message to show, or null when saved.
 */
export function SupplierForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: SupplierFields;
  submitLabel: string;
  onSave: (fields: SupplierFields) => Promise<string | null>;
  onCancel: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(initial?.name ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function save() {
    setSaving(true);
    const problem = await onSave({ name, phone, notes });
    setSaving(false);
    setError(problem);
  }
  return (
    <Stack
      as="form"
      gap="3"
      borderWidth="1px"
      rounded="md"
      p="4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field.Root required invalid={error !== null}>
        <Field.Label>{t('deliveries.supplier.name')}</Field.Label>
        <Input minH="44px" value={name} onChange={(event) => setName(event.target.value)} />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('deliveries.supplier.phone')}</Field.Label>
        <Input
          type="tel"
          minH="44px"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('deliveries.supplier.notes')}</Field.Label>
        <Input minH="44px" value={notes} onChange={(event) => setNotes(event.target.value)} />
      </Field.Root>
      <HStack gap="2">
        <Button type="submit" colorPalette="blue" minH="44px" loading={saving}>
          {submitLabel}
        </Button>
        <Button variant="outline" minH="44px" onClick={onCancel} disabled={saving}>
          {t('deliveries.form.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
