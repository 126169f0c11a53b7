import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { findProductByBarcode } from '../data/find-by-barcode.ts';

/**
 * 'Find by barcode' on a department home (issue 15): a typed code, or a keyboard-wedge scanner
 * (USB or Bluetooth, which types the code and Enter), opens the product or says 'No product with
 * this barcode', read from the mirror so it works offline. The field keeps focus after a miss, so
 * the next scan goes straight in.
 */
export function BarcodeLookup({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const messageId = useId();

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = code.trim();
    if (wanted === '') return;
    setFailed(false);
    try {
      const product = await findProductByBarcode(dept, wanted);
      if (!product) {
        setMissing(wanted);
        return;
      }
      setMissing(null);
      await navigate({ to: '/$dept/products/$id', params: { dept, id: product._id } });
    } catch {
      // The mirror could not be read (storage evicted, a blocked upgrade).
      setFailed(true);
    }
  }

  const message = failed
    ? t('inventory.lookup.failed')
    : missing !== null
      ? t('inventory.lookup.notFound', { code: missing })
      : null;

  return (
    <form role="search" aria-label={t('inventory.lookup.label')} onSubmit={(e) => void lookUp(e)}>
      <Field.Root maxW="md" invalid={message !== null}>
        <Field.Label>{t('inventory.lookup.label')}</Field.Label>
        <HStack gap="2" width="full">
          <Input
            value={code}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setMissing(null);
              setFailed(false);
            }}
          />
          <Button type="submit" colorPalette="blue" minH="44px" disabled={code.trim() === ''}>
            {t('inventory.lookup.open')}
          </Button>
        </HStack>
        {message ? (
          <Text id={messageId} role="alert" color="red.700" fontSize="sm">
            {message}
          </Text>
        ) : null}
      </Field.Root>
    </form>
  );
}
