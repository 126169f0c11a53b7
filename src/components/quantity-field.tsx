import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { parseQuantity } from './parse-quantity.ts';

/**
 * A quantity input (min 1, optional max). While the user types, the field keeps the raw text so a
 * number can be cleared and retyped; the parent always receives a valid quantity, and on blur the
 * text is rewritten to it.
 */
export function QuantityField({
  label,
  value,
  onChange,
  max,
  error,
  disabled,
  hideLabel = false,
}: {
  label: string;
  value: number;
  onChange: (quantity: number) => void;
  max?: number;
  error?: string | null;
  disabled?: boolean;
  /** The label is read out but not drawn: a table's column already names the field. */
  hideLabel?: boolean;
}) {
  const [text, setText] = useState(String(value));
  // The parent reset the quantity (e.g. to 1 after an order): show it. React's "adjust state
  // while rendering" pattern, so no effect and no stale frame.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (parseQuantity(text) !== value) setText(String(value));
  }
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={max !== undefined && max >= 1 ? max : undefined}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const next = parseQuantity(event.target.value);
          setShownValue(next);
          onChange(next);
        }}
        onBlur={() => setText(String(parseQuantity(text)))}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
