import { Button, Dialog, Text } from '@chakra-ui/react';
import { useT } from '../i18n/i18n.tsx';
import { ModalDialog } from './modal-dialog.tsx';

/**
 * A confirmation of an action that is hard to undo: red for destructive ones (delete order,
 * delete product), blue for a step that only moves work on (submit a stock count).
 */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  text,
  confirmLabel,
  busy,
  tone = 'danger',
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  tone?: 'danger' | 'proceed';
}) {
  const t = useT();
  return (
    <ModalDialog open={open} onClose={onCancel} title={title} alert>
      <Dialog.Body>
        <Text>{text}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          colorPalette={tone === 'danger' ? 'red' : 'blue'}
          onClick={onConfirm}
          loading={busy ?? false}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </ModalDialog>
  );
}
