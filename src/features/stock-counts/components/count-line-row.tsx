import { Box, Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { StockCountLineJson } from '../../../../domain/stock-counts.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { CommandError } from '../../../sync/command-error.ts';
import { forgetCounted, recordCounted } from '../commands/count-draft.ts';

/**
 * One product of a blind count: its name (and barcode), the quantity counted, and +1 for counting
 * item by item. What is typed is saved on the device at once when it is a whole number; a cleared
 * field takes the line back to 'not counted'. The stock the product should have is never shown.
 */
export function CountLineRow({
  countId,
  line,
  entered,
  inputRef,
}: {
  countId: string;
  line: StockCountLineJson;
  /** The quantity saved on this device, if any. */
  entered: number | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const [text, setText] = useState(entered === undefined ? '' : String(entered));
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const field = useRef<HTMLInputElement | null>(null);

  // Another tab (or +1) changed the saved quantity: show it, unless the counter is typing here.
  useEffect(() => {
    if (field.current !== document.activeElement) {
      setText(entered === undefined ? '' : String(entered));
    }
  }, [entered]);

  async function save(value: string) {
    setText(value);
    setProblem(null);
    try {
      if (value.trim() === '') await forgetCounted(countId, line.productId);
      else await recordCounted(countId, line.productId, value);
    } catch (error) {
      setProblem(
        error instanceof CommandError
          ? translateMessage(error.message)
          : t('stockCounts.readFailed'),
      );
    }
  }

  const label = t('stockCounts.sheet.countedOf', { name: line.productName });
  return (
    <Box as="li" borderBottomWidth="1px" py="3">
      <HStack gap="3" justify="space-between" wrap="wrap" align="start">
        <Box minW="40" flex="1">
          <Text fontWeight="medium">{line.productName}</Text>
          {line.barcode ? (
            <Text color="fg.muted" fontSize="sm">
              {line.barcode}
            </Text>
          ) : null}
          <Text fontSize="sm" color={entered === undefined ? 'orange.700' : 'green.700'}>
            {entered === undefined
              ? t('stockCounts.sheet.notCounted')
              : t('stockCounts.sheet.saved', { count: entered })}
          </Text>
        </Box>
        <Field.Root invalid={problem !== null} maxW="48">
          <Field.Label srOnly>{label}</Field.Label>
          <HStack gap="2">
            <Input
              ref={(element) => {
                field.current = element;
                inputRef(element);
              }}
              value={text}
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint="done"
              aria-label={label}
              aria-describedby={problem ? errorId : undefined}
              placeholder={t('stockCounts.sheet.placeholder')}
              minH="11"
              onChange={(event) => void save(event.target.value)}
            />
            <Button
              variant="outline"
              minH="11"
              minW="11"
              aria-label={t('stockCounts.sheet.addOneOf', { name: line.productName })}
              onClick={() => void save(String((entered ?? 0) + 1))}
            >
              +1
            </Button>
          </HStack>
          {problem ? <Field.ErrorText id={errorId}>{problem}</Field.ErrorText> : null}
        </Field.Root>
      </HStack>
    </Box>
  );
}
