import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.tsx';

export interface FormActionsProps {
  /** The submit button's words. */
  submitLabel: string;
  /** Its words while the form is sent (the button shows a spinner). */
  busyLabel?: string;
  busy?: boolean;
  /** Submit is off (nothing to send yet, or a send in progress elsewhere). */
  disabled?: boolean;
  /** A Cancel button before Submit, as in a dialog's footer. */
  onCancel?: () => void;
  size?: ButtonProps['size'];
  /** After Submit: a link back, a second action. */
  children?: ReactNode;
}

/**
 * The row that ends a form: [Cancel] Submit [more], the same on every screen and dialog. Submit is
 * the form's `type="submit"` button, so Enter in a field sends the form.
 */
export function FormActions({
  submitLabel,
  busyLabel,
  busy = false,
  disabled,
  onCancel,
  size,
  children,
}: FormActionsProps) {
  const t = useT();
  return (
    <HStack gap="3" wrap="wrap">
      {onCancel ? (
        <Button variant="outline" size={size} onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      ) : null}
      <Button
        type="submit"
        colorPalette="blue"
        size={size}
        loading={busy}
        loadingText={busyLabel}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
      {children}
    </HStack>
  );
}
